import type { FormInstance } from 'antd';
import type { output, ZodType } from 'zod';
import { wordedIssue } from '@drat/contracts';
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

/**
 * Checks a whole request body with its contracts schema before it is sent (rules across fields,
 * such as a limit order's price, included): each issue lands under its field on the form, and the
 * issues of no field on the form come back for a toast. Answers the parsed body, or null.
 */
export function checkWithSchema<S extends ZodType, T>(
  form: FormInstance<T>,
  schema: S,
  body: unknown,
  fields: readonly string[],
): { data: output<S> | null; general: string[] } {
  const parsed = schema.safeParse(body, { error: wordedIssue });
  if (parsed.success) return { data: parsed.data, general: [] };
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (fields.includes(name)) byField.set(name, [...(byField.get(name) ?? []), issue.message]);
    else general.push(issue.message);
  }
  form.setFields(
    [...byField].map(([name, errors]) => ({ name, errors })) as Parameters<FormInstance<T>['setFields']>[0],
  );
  return { data: null, general };
}
