import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../lib/formErrors';

/** Whether a failed call's answer names one of `fields` (its message then shows under that field). */
const namesAField = (err: unknown, fields: readonly string[]) =>
  err instanceof ApiError && Object.keys(err.body).some((k) => fields.includes(k));

/**
 * A form's failed call: the server's words under the fields they name, its other words in `toast`,
 * and `fallback` there when it said nothing (§8: "server message, else 'Failed to …'").
 */
export function showFormError<T>(
  form: FormInstance<T>,
  err: unknown,
  fields: readonly string[],
  toast: (text: string) => void,
  fallback: string,
): void {
  const general = applyServerErrors(form, err, fields);
  for (const text of general) toast(text);
  if (general.length === 0 && !namesAField(err, fields)) toast(fallback);
}

/**
 * The server's own words for a refusal, without the field's name before them (a row action has no
 * form: 'You cannot deactivate your own account.' rather than 'Id : …').
 */
export function plainMessage(err: Error): string {
  if (err instanceof ApiError) {
    for (const [key, value] of Object.entries(err.body)) {
      if (key === 'code' || key === 'reason') continue;
      if (typeof value === 'string' && value) return value;
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
  }
  return err.message;
}
