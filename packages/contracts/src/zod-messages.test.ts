import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, INPUT_MSG } from './zod-messages';
import { loginBody, passwordChangeBody } from './auth';

/** The first message of `schema` for `value`. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('field names in words', () => {
  it.each([
    ['alert_price', 'Alert price'],
    ['new_password1', 'New password'],
    ['enable_otp', 'Enable OTP'],
    ['alert_ids', 'Alert IDs'],
    ['id', 'ID'],
    ['timePeriod', 'Time period'],
    ['is_notification_enabled', 'Notification enabled'],
    ['p1', 'P1'],
    ['theme', 'Theme'],
    ['', 'This field'],
  ])('%s is %s', (key, words) => {
    expect(fieldLabel(key)).toBe(words);
  });
});

describe("zod's issues in words, naming the field", () => {
  const body = z.object({
    alert_price: z.number(),
    history_id: z.int().positive(),
    name: z.string().min(1).max(100),
    code: z.string().length(6),
    enable_otp: z.boolean(),
    theme: z.enum(['light', 'dark']),
    kind: z.literal('stock'),
    tickers: z.array(z.string()).min(1).max(3),
    email: z.email(),
    alert_type: z.union([z.string(), z.number()]).nullable(),
    amount: z.number().multipleOf(5),
    limit: z.number().min(1).max(1000),
    step: z.number().gt(0).lt(10),
  });
  const valid = {
    alert_price: 1,
    history_id: 1,
    name: 'x',
    code: 'abcdef',
    enable_otp: true,
    theme: 'dark',
    kind: 'stock',
    tickers: ['A'],
    email: 'a@b.co',
    alert_type: 'x',
    amount: 5,
    limit: 1,
    step: 1,
  };
  const said = (over: Record<string, unknown>) => messageOf(body, { ...valid, ...over });

  it.each([
    [{ alert_price: 'abc' }, 'Alert price must be a number.'],
    [{ alert_price: undefined }, 'Alert price is required.'],
    [{ alert_price: null }, 'Alert price is required.'],
    [{ alert_price: Number.NaN }, 'Alert price must be a number.'],
    [{ history_id: 1.5 }, 'History ID must be a whole number.'],
    [{ history_id: 'x' }, 'History ID must be a whole number.'],
    [{ history_id: 0 }, 'History ID must be greater than 0.'],
    [{ name: 5 }, 'Name must be text.'],
    [{ name: '' }, 'Name is required.'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
    [{ code: 'abc' }, 'Code must be exactly 6 characters.'],
    [{ enable_otp: 'maybe' }, 'Enable OTP must be true or false.'],
    [{ theme: 'blue' }, 'Theme must be one of: light, dark.'],
    [{ kind: 'bond' }, 'Kind must be stock.'],
    [{ tickers: {} }, 'Tickers must be a list.'],
    [{ tickers: [] }, 'Tickers must have at least 1 item.'],
    [{ tickers: ['A', 'B', 'C', 'D'] }, 'Tickers must have at most 3 items.'],
    [{ tickers: [5] }, 'Tickers must be text.'],
    [{ email: 'nope' }, 'Email must be an e-mail address.'],
    [{ alert_type: true }, 'Alert type must be text or a number.'],
    [{ amount: 7 }, 'Amount must be a multiple of 5.'],
    [{ limit: 0 }, 'Limit must be at least 1.'],
    [{ limit: 5000 }, 'Limit must be at most 1,000.'],
    [{ step: 10 }, 'Step must be less than 10.'],
  ])('%j: %s', (over, message) => {
    expect(said(over)).toBe(message);
  });

  it('says "This field" when the issue names no field, and asks for an object where one is expected', () => {
    expect(messageOf(z.string().max(3), 'abcd')).toBe('This field must be at most 3 characters.');
    expect(messageOf(body, 'text')).toBe('This field must be an object.');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe('Unknown fields: b, c.');
    expect(messageOf(z.array(z.object({ id: z.number() })), [{ id: 1 }, 'x'])).toBe('Item 2 must be an object.');
    expect(messageOf(z.array(z.object({ id: z.number() })), [{ id: 'x' }])).toBe('ID must be a number.');
  });

  it('keeps the message a schema gives its field (the spec texts)', () => {
    expect(messageOf(loginBody, { username: 'a@b.co' })).toBe('Password is required');
    expect(messageOf(passwordChangeBody, { new_password1: 'short', new_password2: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(messageOf(z.string({ error: 'Own words' }), 5)).toBe('Own words');
  });

  it('names the NUL character refused at the edge', () => {
    expect(INPUT_MSG.nul(fieldLabel('notes'))).toBe('Notes must not contain a NUL character.');
  });
});
