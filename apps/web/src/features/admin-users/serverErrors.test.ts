import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { ADMIN_MSG } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { plainMessage, showFormError } from './serverErrors';

/** A form that only keeps what is put under its fields. */
function fakeForm() {
  const under: Record<string, string[]> = {};
  const form = {
    setFields: (fields: { name: string; errors: string[] }[]) => {
      for (const f of fields) under[f.name] = f.errors;
    },
  } as unknown as FormInstance;
  return { form, under };
}

const FIELDS = ['full_name', 'email', 'plan'];

describe("a form's failed call", () => {
  it("shows the server's words under the field they name, and nothing else", () => {
    const { form, under } = fakeForm();
    const toasts: string[] = [];
    showFormError(form, new ApiError(400, { email: [ADMIN_MSG.emailTaken] }), FIELDS, (t) => toasts.push(t), 'x');
    expect(under).toEqual({ email: [ADMIN_MSG.emailTaken] });
    expect(toasts).toEqual([]);
  });
  it("toasts the server's words that belong to no field", () => {
    const { form } = fakeForm();
    const toasts: string[] = [];
    showFormError(form, new ApiError(403, { detail: 'Not allowed.' }), FIELDS, (t) => toasts.push(t), 'x');
    expect(toasts).toEqual(['Not allowed.']);
  });
  it('toasts the fallback when the server said nothing (a lost connection)', () => {
    const { form } = fakeForm();
    const toasts: string[] = [];
    showFormError(form, new ApiError(0, {}), FIELDS, (t) => toasts.push(t), ADMIN_MSG.userCreateFailed);
    expect(toasts).toEqual([ADMIN_MSG.userCreateFailed]);
  });
});

describe("a row action's refusal", () => {
  it("is the server's words without the field's name", () => {
    expect(plainMessage(new ApiError(400, { id: [ADMIN_MSG.notYourself] }))).toBe(ADMIN_MSG.notYourself);
    expect(plainMessage(new ApiError(404, { detail: ADMIN_MSG.userNotFound }))).toBe(ADMIN_MSG.userNotFound);
    expect(plainMessage(new Error('boom'))).toBe('boom');
  });
});
