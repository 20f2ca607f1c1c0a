import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';

const GENERAL_KEYS = ['non_field_errors', 'detail', 'error', 'errors'];

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  return [];
}

/**
 * Puts the server's per-field lists (`{ email: ['…'] }`) under the matching form fields and answers
 * the messages that belong to no field on the form, for a toast.
 */
export function applyServerErrors<T>(form: FormInstance<T>, err: unknown, fields: readonly string[]): string[] {
  if (!(err instanceof ApiError)) return [];
  const general: string[] = [];
  const perField: { name: string; errors: string[] }[] = [];
  for (const [key, value] of Object.entries(err.body)) {
    const texts = strings(value);
    if (texts.length === 0) continue;
    if (fields.includes(key)) perField.push({ name: key, errors: texts });
    else if (GENERAL_KEYS.includes(key)) general.push(...texts);
    else general.push(...texts.map((t) => `${key.charAt(0).toUpperCase()}${key.slice(1).replace(/_/g, ' ')} : ${t}`));
  }
  // antd's setFields is typed by the form's own field names; these come from the server.
  if (perField.length > 0) form.setFields(perField as Parameters<FormInstance<T>['setFields']>[0]);
  return general;
}
