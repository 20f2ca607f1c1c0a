import type { FormRule } from 'antd';

/**
 * A form rule made at its first check: `load` imports the module that makes it (a `zodRule` or
 * `zodFieldRule` of lib/zodRule.ts, with the contracts' schema), so the screen that shows the form
 * downloads zod and the schema when a field is first checked, not with the screen.
 */
export function lazyRule(load: () => Promise<FormRule>): FormRule {
  return (form) => ({
    validator: async (rule, value: unknown) => {
      const made = await load();
      const schemaRule = typeof made === 'function' ? made(form) : made;
      await schemaRule.validator?.(rule, value, () => undefined);
    },
  });
}
