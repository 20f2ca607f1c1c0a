import type { FormRule } from 'antd';

/**
 * A form rule made at its first check: `load` imports the module that makes it (a `zodRule` or
 * `zodFieldRule` of lib/zodRule.ts, with the contracts' schema), so the screen that shows the form
 * downloads zod and the schema when a field is first checked, not with the screen. `load` runs at
 * every check; the browser fetches its module once.
 */
export function lazyRule(load: () => Promise<FormRule>): FormRule {
  return (form) => ({
    validator: async (rule, value: unknown) => {
      let made: FormRule;
      try {
        made = await load();
      } catch {
        // The rule could not be fetched (the connection dropped): the value passes here, and the
        // server, which checks it with the same schema, says what is wrong when it is sent.
        return;
      }
      const schemaRule = typeof made === 'function' ? made(form) : made;
      await schemaRule.validator?.(rule, value, () => undefined);
    },
  });
}
