import { describe, expect, it } from 'vitest';
import { TEMPLATE_ENTRIES, TRADE_MSG, type TradeTemplateDto } from '@drat/contracts';
import {
  checkTemplate,
  entryLabel,
  parameterText,
  percentMaxOf,
  TEMPLATE_EXPORT_HEADER,
  templateDraftOf,
  templateExportRows,
  templateFieldMessage,
  templateFormValues,
  type TemplateFormValues,
} from './templateForm';

const filled = (name = 'Swing'): TemplateFormValues => ({
  name,
  parameters: TEMPLATE_ENTRIES.map((entry, i) => ({ entry_name: entry, percentage: i + 1, based_on: 'Last Price' })),
});

const stored: TradeTemplateDto = {
  id: 9,
  name: 'Swing',
  created_by: 'super@example.com',
  date_created: '2025-01-02T10:00:00.000Z',
  last_updated: '2025-01-03T10:00:00.000Z',
  trade_template_parameters: [
    // Stored in another order than the form's: matched by entry name.
    { id: 55, entry_name: 'STOP LOSS', percentage: 10, percentage_type: 'LESS', based_on: 'Bid Price' },
    { id: 51, entry_name: 'BUY RANGE LOW', percentage: 3, percentage_type: 'LESS', based_on: 'Ask Price' },
    { id: 52, entry_name: 'BUY RANGE HIGH', percentage: 1.5, percentage_type: 'LESS', based_on: 'Ask Price' },
    { id: 53, entry_name: 'TARGET RANGE LOW', percentage: 20, percentage_type: 'EXCEED', based_on: 'Last Price' },
    { id: 54, entry_name: 'TARGET RANGE HIGH', percentage: 40, percentage_type: 'EXCEED', based_on: 'Last Price' },
  ],
};

describe('the template body from the form (2-trading §3, §7)', () => {
  it('a new template: the name and a parameter per entry, its percentage type following the entry', () => {
    const check = checkTemplate(filled());
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'Swing',
        trade_template_parameters_fields: [
          { entry_name: 'BUY RANGE LOW', percentage: 1, percentage_type: 'LESS', based_on: 'Last Price' },
          { entry_name: 'BUY RANGE HIGH', percentage: 2, percentage_type: 'LESS', based_on: 'Last Price' },
          { entry_name: 'TARGET RANGE LOW', percentage: 3, percentage_type: 'EXCEED', based_on: 'Last Price' },
          { entry_name: 'TARGET RANGE HIGH', percentage: 4, percentage_type: 'EXCEED', based_on: 'Last Price' },
          { entry_name: 'STOP LOSS', percentage: 5, percentage_type: 'LESS', based_on: 'Last Price' },
        ],
      },
    });
  });

  it('editing: the form holds the stored values in entry order, and the body carries the parameter ids', () => {
    const values = templateFormValues(stored);
    expect(values.name).toBe('Swing');
    expect(values.parameters.map((p) => [p.entry_name, p.id, p.percentage, p.based_on])).toEqual([
      ['BUY RANGE LOW', 51, 3, 'Ask Price'],
      ['BUY RANGE HIGH', 52, 1.5, 'Ask Price'],
      ['TARGET RANGE LOW', 53, 20, 'Last Price'],
      ['TARGET RANGE HIGH', 54, 40, 'Last Price'],
      ['STOP LOSS', 55, 10, 'Bid Price'],
    ]);
    const check = checkTemplate(values);
    expect(check.ok && check.body.trade_template_parameters_fields.map((p) => p.id)).toEqual([51, 52, 53, 54, 55]);
  });

  it('a new template starts with every entry empty and no ids', () => {
    const values = templateFormValues(null);
    expect(values).toEqual({ name: '', parameters: TEMPLATE_ENTRIES.map((entry_name) => ({ entry_name })) });
    expect(templateDraftOf(values).trade_template_parameters_fields[0]).not.toHaveProperty('id');
  });

  it('the name is sent trimmed', () => {
    const check = checkTemplate(filled('  Swing  '));
    expect(check.ok && check.body.name).toBe('Swing');
  });
});

describe("the template form's messages (2-trading §5.6)", () => {
  it('a name is required', () => {
    expect(templateFieldMessage(filled('  '), 'name')).toBe(TRADE_MSG.templateNameRequired);
  });

  it('buy ranges and stop loss go from 0 to 100 percent, targets from 0 to 500', () => {
    expect(percentMaxOf('BUY RANGE LOW')).toBe(100);
    expect(percentMaxOf('STOP LOSS')).toBe(100);
    expect(percentMaxOf('TARGET RANGE HIGH')).toBe(500);
    const values = filled();
    values.parameters[0]!.percentage = 101;
    values.parameters[3]!.percentage = 500;
    values.parameters[4]!.percentage = -1;
    expect(templateFieldMessage(values, ['parameters', 0, 'percentage'])).toBe(
      TRADE_MSG.templatePercentRange('Buy Range Low', 100),
    );
    expect(templateFieldMessage(values, ['parameters', 3, 'percentage'])).toBeNull();
    expect(templateFieldMessage(values, ['parameters', 4, 'percentage'])).toBe(
      TRADE_MSG.templatePercentRange('Stop Loss', 100),
    );
  });

  it('a target may go up to 500 percent but not beyond', () => {
    const values = filled();
    values.parameters[2]!.percentage = 500.01;
    expect(templateFieldMessage(values, ['parameters', 2, 'percentage'])).toBe(
      TRADE_MSG.templatePercentRange('Target Range Low', 500),
    );
  });

  it('an empty percentage or basis is named on its own field', () => {
    const values = filled();
    values.parameters[1]!.percentage = null;
    values.parameters[2]!.based_on = null;
    const check = checkTemplate(values);
    expect(check.ok).toBe(false);
    expect(templateFieldMessage(values, ['parameters', 1, 'percentage'])).toMatch(/^Percentage/);
    expect(templateFieldMessage(values, ['parameters', 2, 'based_on'])).toBe(TRADE_MSG.templateBasis);
    expect(templateFieldMessage(values, ['parameters', 0, 'percentage'])).toBeNull();
  });
});

describe('a template in words', () => {
  it('names entries as the trade form does', () => {
    expect(entryLabel('TARGET RANGE HIGH')).toBe('Target Range High');
  });

  it('says a percentage below or above its basis', () => {
    expect(parameterText(stored.trade_template_parameters[0]!)).toBe('10% below Bid Price');
    expect(parameterText(stored.trade_template_parameters[3]!)).toBe('20% above Last Price');
  });
});

describe("the SMT Template export (2-trading §2.1: Export type 'SMT Template')", () => {
  it("one row per template: name, creator, last change and each entry's percentage and basis", () => {
    const t = {
      id: 1,
      name: 'Five and ten',
      created_by: 'admin@drat.local',
      date_created: '2026-11-24T15:00:00.000Z',
      last_updated: '2026-11-24T15:00:00.000Z',
      trade_template_parameters: [
        { id: 1, entry_name: 'BUY RANGE LOW', percentage: 10, percentage_type: 'LESS', based_on: 'Last Price' },
        { id: 2, entry_name: 'STOP LOSS', percentage: 20, percentage_type: 'LESS', based_on: 'Bid Price' },
      ],
    } as TradeTemplateDto;
    const [row] = templateExportRows([t]);
    expect(TEMPLATE_EXPORT_HEADER.slice(0, 5)).toEqual([
      'Name',
      'Created by',
      'Last updated',
      'Buy Range Low %',
      'Buy Range Low based on',
    ]);
    expect(row!.slice(0, 2)).toEqual(['Five and ten', 'admin@drat.local']);
    expect(row!.slice(3, 5)).toEqual([10, 'Last Price']);
    expect(row!.slice(-2)).toEqual([20, 'Bid Price']);
    expect(row!.slice(5, 7)).toEqual(['', '']); // no Buy Range High parameter
  });
});
