import { describe, expect, it } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { z } from 'zod';
import {
  ALERT_PUBLISH_MSG,
  ASK_DRAT_MSG,
  createAlertBody,
  filingsQuery,
  INPUT_MSG,
  loginBody,
  MARKET_MSG,
  MSG,
  newPassword,
  profileChangeBody,
  RESOURCE_MSG,
  resourceCreateFields,
  tickerField,
} from '@drat/contracts';
import { lazyRule } from './lazyRule';
import { zodFieldRule, zodMessage, zodRule } from './zodRule';

/** Runs an antd rule as a Form would: resolves to null when the value passes, else to the message shown. */
async function check(rule: FormRule, value: unknown, form: Record<string, unknown> = {}): Promise<string | null> {
  const instance = { getFieldValue: (name: string) => form[name] } as unknown as FormInstance;
  const ruleObject = typeof rule === 'function' ? rule(instance) : rule;
  try {
    await ruleObject.validator?.(ruleObject, value, () => undefined);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('zodRule', () => {
  it("rejects with the schema's first message and passes a good value", async () => {
    const rule = zodRule(tickerField);
    expect(await check(rule, '')).toBe(MARKET_MSG.tickerRequired);
    expect(await check(rule, undefined)).toBe(MARKET_MSG.tickerRequired);
    expect(await check(rule, 'A$')).toBe(MARKET_MSG.tickerInvalid);
    expect(await check(rule, ' brk.b ')).toBeNull();
  });

  it('gives the first issue when a value breaks several rules', async () => {
    const rule = zodRule(newPassword);
    expect(await check(rule, 'abc')).toBe(MSG.passwordTooShort);
    expect(await check(rule, 'abcdefgh')).toBe(MSG.passwordNeedsDigit);
    expect(await check(rule, 'abcdefg1')).toBeNull();
  });

  it('leaves empty values alone with skipEmpty', async () => {
    const rule = zodRule(newPassword, { skipEmpty: true });
    expect(await check(rule, '')).toBeNull();
    expect(await check(rule, undefined)).toBeNull();
    expect(await check(rule, null)).toBeNull();
    expect(await check(rule, 'short1')).toBe(MSG.passwordTooShort);
  });

  it("shows the form's own wording instead of the schema's when asked", async () => {
    const rule = zodRule(tickerField, { message: 'This field is required.' });
    expect(await check(rule, '')).toBe('This field is required.');
    expect(await check(rule, 'MSFT')).toBeNull();
  });
});

describe('zodFieldRule', () => {
  it('checks one field of a body and ignores the issues of the others', async () => {
    const rule = zodFieldRule(profileChangeBody, 'email');
    expect(await check(rule, '')).toBe(MSG.emailRequired);
    expect(await check(rule, 'not-an-email')).toBe(MSG.emailInvalid);
    // The body-level rule ('Provide an email or a phone number') belongs to no field.
    expect(await check(rule, 'trader@example.com')).toBeNull();
    expect(await check(zodFieldRule(profileChangeBody, 'phone_number'), '12345')).toBe(MSG.phoneInvalid);
    expect(await check(zodFieldRule(profileChangeBody, 'phone_number'), '')).toBeNull();
  });

  it('reads a cleared number (null) as missing', async () => {
    const rule = zodFieldRule(createAlertBody, 'alert_price');
    expect(await check(rule, null)).toBe(ALERT_PUBLISH_MSG.required);
    expect(await check(rule, 0)).toBe(ALERT_PUBLISH_MSG.positive('Alert Price'));
    expect(await check(rule, 12.5)).toBeNull();
  });

  it('trims as the server does: a blank password is a missing one', async () => {
    const rule = zodFieldRule(loginBody, 'password');
    expect(await check(rule, '   ')).toBe(MSG.passwordRequired);
    expect(await check(rule, 'x')).toBeNull();
  });

  it("runs the body's rules across fields with the `with` fields' values", async () => {
    const access = zodFieldRule(resourceCreateFields, 'access', { with: ['access_level'] });
    expect(await check(access, undefined, { access_level: 'category' })).toBe(RESOURCE_MSG.accessRequired);
    expect(await check(access, 'STOCKS', { access_level: 'category' })).toBeNull();

    const alertTypes = zodFieldRule(resourceCreateFields, 'alert_types', { with: ['access_level'] });
    expect(await check(alertTypes, [], { access_level: 'alert_type' })).toBe(RESOURCE_MSG.alertTypeRequired);
    expect(await check(alertTypes, [3, 4], { access_level: 'alert_type' })).toBeNull();

    const duration = zodFieldRule(resourceCreateFields, 'video_time_duration', { with: ['type'] });
    expect(await check(duration, '  ', { type: 'VIDEO' })).toBe(RESOURCE_MSG.durationRequired);
    expect(await check(duration, '12:30', { type: 'VIDEO' })).toBeNull();
  });
});

describe('zodMessage', () => {
  it('is the first message of a failed parse, or null', () => {
    expect(zodMessage(filingsQuery, { ticker: 'AAPL', formtype: '10-K', size: 0 })).toBe(ASK_DRAT_MSG.invalidInputs);
    expect(zodMessage(filingsQuery, { ticker: '', formtype: '10-K', size: 5 })).toBe(ASK_DRAT_MSG.invalidInputs);
    expect(zodMessage(filingsQuery, { ticker: 'AAPL', formtype: '10-K', size: 5 })).toBeNull();
  });

  it('looks only under the given field', () => {
    expect(zodMessage(profileChangeBody, { phone_number: 'x' }, 'email')).toBeNull();
    expect(zodMessage(profileChangeBody, { phone_number: 'x' }, 'phone_number')).toBe(MSG.phoneInvalid);
  });

  it("says an issue without a message of its own in the contracts' words, without their z.config", () => {
    // The web build may leave out zod-messages.ts's top-level z.config (contracts' package.json: sideEffects).
    const registered = z.config().customError;
    z.config({ customError: undefined });
    try {
      const body = z.object({ alert_price: z.number() });
      expect(zodMessage(body, { alert_price: 'x' })).toBe(INPUT_MSG.mustBe('Alert price', 'a number'));
    } finally {
      z.config({ customError: registered });
    }
  });
});

describe('lazyRule', () => {
  it('loads its rule when a value is checked, not before, and checks with it', async () => {
    let loads = 0;
    const rule = lazyRule(async () => {
      loads++;
      return zodFieldRule(resourceCreateFields, 'alert_types', { with: ['access_level'] });
    });
    expect(loads).toBe(0);
    expect(await check(rule, [], { access_level: 'alert_type' })).toBe(RESOURCE_MSG.alertTypeRequired);
    expect(await check(rule, [3], { access_level: 'alert_type' })).toBeNull();
    expect(loads).toBe(2);
  });

  it('lets the value pass when its rule cannot be fetched: the server checks it', async () => {
    const rule = lazyRule(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await check(rule, '')).toBeNull();
  });

  it('runs a plain rule object as loaded', async () => {
    const rule = lazyRule(async () => zodRule(tickerField));
    expect(await check(rule, '')).toBe(MARKET_MSG.tickerRequired);
    expect(await check(rule, 'AAPL')).toBeNull();
  });
});
