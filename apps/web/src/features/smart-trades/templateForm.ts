import {
  TEMPLATE_ENTRIES,
  TEMPLATE_PERCENT_MAX,
  TEMPLATE_PERCENTAGE_TYPE,
  TRADE_FIELD_LABELS,
  tradeTemplateBody,
  wordedIssue,
  type TemplateBasis,
  type TemplateEntry,
  type TradeTemplateBody,
  type TradeTemplateDto,
} from '@drat/contracts';
import { formatDateTime } from '../../lib/format';

/**
 * The template drawer's form (2-trading §3 "Trade template", §4 "Templates", §5.6) as pure
 * functions: its values from a template, the body it sends, checked with the contracts' schema.
 */

/** One entry's row of the form; `id` is the stored parameter's (editing). */
export interface TemplateParameterValues {
  id?: number;
  entry_name: TemplateEntry;
  percentage?: number | null;
  based_on?: TemplateBasis | null;
}

/** The form: the name, and a row per entry in TEMPLATE_ENTRIES order (form names ['parameters', i, …]). */
export interface TemplateFormValues {
  name: string;
  parameters: TemplateParameterValues[];
}

/** An entry in words: 'BUY RANGE LOW' → 'Buy Range Low'. */
export const entryLabel = (entry: TemplateEntry): string =>
  TRADE_FIELD_LABELS[entry.toLowerCase().replace(/ /g, '_') as keyof typeof TRADE_FIELD_LABELS];

/** The highest percentage of an entry: 100 below the price (buy ranges, stop loss), 500 above it (targets). */
export const percentMaxOf = (entry: TemplateEntry): number => TEMPLATE_PERCENT_MAX[TEMPLATE_PERCENTAGE_TYPE[entry]];

/** A parameter in words: '5% below Ask Price', '20% above Last Price'. */
export const parameterText = (p: { percentage: number; percentage_type: string; based_on: string }): string =>
  `${p.percentage}% ${p.percentage_type === 'EXCEED' ? 'above' : 'below'} ${p.based_on}`;

/** A template's parameter of `entry`, if it has one. */
export const parameterOf = (template: TradeTemplateDto, entry: TemplateEntry) =>
  template.trade_template_parameters.find((p) => p.entry_name === entry);

/** The form's values: empty for a new template, the template's name and parameters (with their ids) to edit one. */
export function templateFormValues(template: TradeTemplateDto | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    parameters: TEMPLATE_ENTRIES.map((entry) => {
      const p = template ? parameterOf(template, entry) : undefined;
      return p
        ? { id: p.id, entry_name: entry, percentage: p.percentage, based_on: p.based_on }
        : { entry_name: entry };
    }),
  };
}

/**
 * The body for `values` as sent (POST, or PATCH with the parameters' ids): each entry's
 * percentage type follows from the entry (LESS for buy ranges and stop loss, EXCEED for targets).
 * Not checked yet: an empty field stays undefined for the schema to name.
 */
export function templateDraftOf(values: TemplateFormValues) {
  return {
    name: values.name,
    trade_template_parameters_fields: values.parameters.map((p) => ({
      ...(p.id === undefined ? {} : { id: p.id }),
      entry_name: p.entry_name,
      percentage: p.percentage ?? undefined,
      percentage_type: TEMPLATE_PERCENTAGE_TYPE[p.entry_name],
      based_on: p.based_on ?? undefined,
    })),
  };
}

/** The fields of an entry's row a person fills in. */
const PARAMETER_FIELDS = ['percentage', 'based_on'] as const;
type ParameterField = (typeof PARAMETER_FIELDS)[number];
const isParameterField = (key: unknown): key is ParameterField => PARAMETER_FIELDS.includes(key as ParameterField);

/** A form field's name: 'name', or ['parameters', i, 'percentage' | 'based_on']. */
export type TemplateFieldName = 'name' | ['parameters', number, ParameterField];

/** What the schema says of the form: the checked body, or each message on the form field it concerns. */
export type TemplateCheck =
  | { ok: true; body: TradeTemplateBody }
  | { ok: false; errors: { name: TemplateFieldName; errors: string[] }[]; general: string[] };

/** `values` checked with tradeTemplateBody (the server's schema); its messages placed on the form's fields. */
export function checkTemplate(values: TemplateFormValues): TemplateCheck {
  const parsed = tradeTemplateBody.safeParse(templateDraftOf(values), { error: wordedIssue });
  if (parsed.success) return { ok: true, body: parsed.data };
  const byField = new Map<string, { name: TemplateFieldName; errors: string[] }>();
  const general: string[] = [];
  for (const issue of parsed.error.issues) {
    const [head, index, key] = issue.path;
    const name: TemplateFieldName | null =
      head === 'name'
        ? 'name'
        : head === 'trade_template_parameters_fields' && typeof index === 'number' && isParameterField(key)
          ? ['parameters', index, key]
          : null;
    if (name === null) {
      general.push(issue.message);
      continue;
    }
    const id = JSON.stringify(name);
    const entry = byField.get(id) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byField.set(id, entry);
  }
  return { ok: false, errors: [...byField.values()], general };
}

/** The message of the schema on one form field (`name` or ['parameters', i, key]), or null. */
export function templateFieldMessage(values: TemplateFormValues, field: TemplateFieldName): string | null {
  const check = checkTemplate(values);
  if (check.ok) return null;
  const id = JSON.stringify(field);
  return check.errors.find((e) => JSON.stringify(e.name) === id)?.errors[0] ?? null;
}

/** The SMT Template export's columns (2-trading §2.1: Export type 'SMT Template', super users). */
export const TEMPLATE_EXPORT_HEADER = [
  'Name',
  'Created by',
  'Last updated',
  ...TEMPLATE_ENTRIES.flatMap((e) => [`${entryLabel(e)} %`, `${entryLabel(e)} based on`]),
];

/** One row per template: its name, creator, last change and each entry's percentage and basis. */
export function templateExportRows(templates: readonly TradeTemplateDto[]): (string | number)[][] {
  return templates.map((t) => [
    t.name,
    t.created_by,
    formatDateTime(t.last_updated),
    ...TEMPLATE_ENTRIES.flatMap((e): (string | number)[] => {
      const p = parameterOf(t, e);
      return p ? [p.percentage, p.based_on] : ['', ''];
    }),
  ]);
}
