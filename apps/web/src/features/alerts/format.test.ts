import { describe, expect, it } from 'vitest';
import type { AlertDto, CompletedStatus } from '@drat/contracts';
import { toCsv } from './completed/exportTable';
import { completionText, isLosingResult, isNotesField, optionLegs, reachedText, splitEmbedValue } from './format';

const alert = (over: Partial<AlertDto> = {}): AlertDto => ({
  id: 1,
  ticker: 'ABC',
  company_name: 'ABC Corp',
  rating: 3,
  category: 'STOCKS',
  alert_type: 'SWING-ALERTS',
  alert_type_id: 1,
  latest_price: 10,
  alert_price: 10,
  buy_range_low: 9.5,
  buy_range_high: 10,
  buy_range_one: 9.5,
  buy_range_two: 10,
  target_range_low: 11,
  target_range_high: 12,
  target_range_one: 11,
  target_range_two: 12,
  stop_loss: 9,
  risk_vs_reward: '1 : 2.00',
  risk_percent: 10,
  reward_percent: 20,
  embeds: [],
  modal: [],
  notes: '',
  created: '2026-03-02T15:00:00Z',
  date_queried: '2026-03-02T15:00:00Z',
  dione_type: null,
  tracked: false,
  completed: false,
  half_completed: false,
  completed_status: 'ONGOING',
  exit_price: null,
  half_exit_price: null,
  p_l_dollar: null,
  p_l_percent: null,
  last_trigger_date: null,
  strategy: null,
  legOneExpiration: null,
  legOneStrike: null,
  legOneType: null,
  legTwoStrike: null,
  legTwoType: null,
  singleExpiration: null,
  singleStrike: null,
  ...over,
});

describe('completion text (1-core §4)', () => {
  it('is ONGOING while neither half completed nor completed', () => {
    expect(completionText(alert())).toEqual({ text: 'ONGOING', positive: null });
  });
  it('tells the half completion with the half exit price and its performance', () => {
    const t = completionText(
      alert({
        half_completed: true,
        half_exit_price: 11,
        completed_status: 'TARGET 1',
        last_trigger_date: '2026-03-04T15:00:00Z',
      }),
    );
    expect(t.text).toBe('HALF - COMPLETED AT $11.00 ON 03/04/2026 with 10.00% performance');
    expect(t.positive).toBe(true);
  });
  it('tells the completion with the P/L percent, red when it is not positive', () => {
    const t = completionText(
      alert({
        half_completed: true,
        completed: true,
        exit_price: 9,
        p_l_percent: -10,
        completed_status: 'STOP',
        last_trigger_date: '2026-03-05T15:00:00Z',
      }),
    );
    expect(t.text).toBe('COMPLETED AT $9.00 ON 03/05/2026 with -10.00% performance');
    expect(t.positive).toBe(false);
  });
  it('names a finished stage as REACHED', () => {
    expect(reachedText('TARGET 2')).toBe('TARGET 2 REACHED');
    expect(reachedText('ONGOING')).toBeNull();
    expect(reachedText('EXPIRED')).toBe('EXPIRED');
  });

  it('colours a STOP red, a target green, and an expiry by its P/L', () => {
    const result = (completed_status: CompletedStatus, p_l_percent: number | null) =>
      isLosingResult({ completed_status, p_l_percent });
    expect(result('STOP', 5)).toBe(true);
    expect(result('TARGET 2', 12)).toBe(false);
    expect(result('TARGET 1', null)).toBe(false);
    expect(result('EXPIRED', -40)).toBe(true);
    expect(result('EXPIRED', 0)).toBe(true);
    expect(result('EXPIRED', null)).toBe(true);
    expect(result('EXPIRED', 15)).toBe(false);
  });
});

describe('embeds (1-core §2)', () => {
  it("splits a value holding ' <-> ' into two values", () => {
    expect(splitEmbedValue('$1.20 <-> $1.40')).toEqual(['$1.20', '$1.40']);
    expect(splitEmbedValue('a<->b')).toEqual(['a<->b']);
    expect(splitEmbedValue('plain')).toEqual(['plain']);
  });
  it('knows a notes field whatever its case', () => {
    expect(isNotesField(' Notes ')).toBe(true);
    expect(isNotesField('Note')).toBe(false);
  });
});

describe('option legs', () => {
  it('shows both strikes for a strangle and one for a single leg', () => {
    expect(
      optionLegs(alert({ strategy: 'STRANGLE', legOneExpiration: '2026-04-17', legOneStrike: 90, legTwoStrike: 110 })),
    ).toEqual({
      expiration: '2026-04-17',
      strike: '90.00 / 110.00',
    });
    expect(optionLegs(alert({ strategy: 'BUY CALL', singleExpiration: '2026-04-17', singleStrike: 100 }))).toEqual({
      expiration: '2026-04-17',
      strike: '100.00',
    });
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    const csv = toCsv(
      [
        { title: 'Symbol', value: (r: { t: string; n: string }) => r.t },
        { title: 'Note', value: (r: { t: string; n: string }) => r.n },
      ],
      [
        { t: 'ABC', n: 'up, "fast"' },
        { t: 'XYZ', n: '=HYPERLINK("x")' },
      ],
    );
    expect(csv).toBe('Symbol,Note\r\nABC,"up, ""fast"""\r\nXYZ,"\'=HYPERLINK(""x"")"\r\n');
  });
});
