import type { FormInstance, FormRule } from 'antd';
import type { output, z, ZodType } from 'zod';
import { wordedIssue } from '@drat/contracts';

/**
 * Forms check what they send with the schemas the server validates with (packages/contracts), so
 * a field says under itself what the server would say, before the call.
 */

export interface ZodRuleOptions {
  /**
   * Let an empty value (undefined, null or '') pass without parsing: the field is optional, or a
   * `required` rule or a disabled button speaks for it.
   */
  skipEmpty?: boolean;
  /** Show this text instead of the schema's message (where the form's wording is not the server's). */
  message?: string;
}

export interface ZodFieldRuleOptions extends ZodRuleOptions {
  /**
   * Other fields of the same form (read under the same names) parsed together with this one, for
   * the schema's rules across fields (e.g. a resource's access depends on its access_level).
   */
  with?: readonly string[];
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** antd gives a cleared number or select as null; the schemas take a missing value as undefined. */
const formValue = (value: unknown) => (value === null ? undefined : value);

/** The message of the schema's first issue for `value` (under `path` when given), or null when it passes. */
export function zodMessage(schema: z.ZodType, value: unknown, path?: string): string | null {
  // The contracts' words for issues without a message of their own, given to the parse itself: the
  // z.config that registers them when the contracts load is a top-level call, which the web build
  // leaves out when nothing else is used from its module (contracts' package.json: sideEffects).
  const result = schema.safeParse(value, { error: wordedIssue });
  if (result.success) return null;
  const issue = path === undefined ? result.error.issues[0] : result.error.issues.find((i) => i.path[0] === path);
  return issue ? issue.message : null;
}

/** An antd rule: the field's value must pass `schema`; it fails with the schema's first message. */
export function zodRule(schema: z.ZodType, options: ZodRuleOptions = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.skipEmpty && isEmpty(value)) return;
      const message = zodMessage(schema, formValue(value));
      if (message !== null) throw new Error(options.message ?? message);
    },
  };
}

/**
 * An antd rule for one field of a request body: the value is parsed as `{ [field]: value }` (with
 * the `with` fields' values) through the body's object schema, and only the issues under `field`
 * count. Rules of the body across fields that need more than the given fields do not run.
 */
export function zodFieldRule(schema: z.ZodType, field: string, options: ZodFieldRuleOptions = {}): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (options.skipEmpty && isEmpty(value)) return;
      const body: Record<string, unknown> = {};
      for (const other of options.with ?? []) body[other] = formValue(getFieldValue(other));
      body[field] = formValue(value);
      const message = zodMessage(schema, body, field);
      if (message !== null) throw new Error(options.message ?? message);
    },
  });
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
