import { describe, expect, it } from 'vitest';
import { ofType, typeOptions, typeSlug } from './tradeTypes';

describe('the trade-type filter (2-trading §2.1, §2.2)', () => {
  it('live traders choose All, Alert, DIONE, Custom, Advanced and MB', () => {
    expect(typeOptions('live', false).map((o) => o.label)).toEqual([
      'All',
      'Alert',
      'DIONE',
      'Custom',
      'Advanced',
      'MB',
    ]);
  });

  it('super users also get SMT Template, after Custom as in the tabs', () => {
    expect(typeOptions('live', true).map((o) => o.label)).toEqual([
      'All',
      'Alert',
      'DIONE',
      'Custom',
      'SMT Template',
      'Advanced',
      'MB',
    ]);
    expect(typeOptions('live', true)[4]!.value).toBe('SMT TEMPLATE');
  });

  it('demo users get All, Alert and DIONE, super or not', () => {
    expect(typeOptions('demo', true).map((o) => o.value)).toEqual(['ALL', 'ALERT', 'DIONE']);
  });

  it("filters by trade_type and keeps the server's order; All keeps every trade", () => {
    const rows = [
      { id: 3, trade_type: 'CUSTOM' },
      { id: 1, trade_type: 'ALERT' },
      { id: 2, trade_type: 'CUSTOM' },
      { id: 4, trade_type: 'SMT TEMPLATE' },
    ] as const;
    expect(ofType(rows, 'CUSTOM').map((r) => r.id)).toEqual([3, 2]);
    expect(ofType(rows, 'SMT TEMPLATE').map((r) => r.id)).toEqual([4]);
    expect(ofType(rows, 'MB')).toEqual([]);
    expect(ofType(rows, 'ALL').map((r) => r.id)).toEqual([3, 1, 2, 4]);
  });

  it('names a filter for a file: all, smt-template', () => {
    expect([typeSlug('ALL'), typeSlug('SMT TEMPLATE'), typeSlug('DIONE')]).toEqual(['all', 'smt-template', 'dione']);
  });
});
