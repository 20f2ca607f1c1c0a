import { describe, expect, it } from 'vitest';
import { botSettingsInWords, dayRange, formatDay, formatProfitLoss, performanceInWords } from './botWords';
import { adminActions, ownerActions } from './rowActions';
import { botOf } from './testBots';

const rowsOf = (sections: ReturnType<typeof botSettingsInWords>) =>
  Object.fromEntries(sections.flatMap((s) => s.rows.map((r) => [r.label, r.value])));

describe("a bot's row actions (3-bots-admin-public §2.1 'Row states', §2.2)", () => {
  it('an active bot is deactivated, not archived', () => {
    expect(ownerActions({ active: true, archived: false })).toEqual([
      'details',
      'performance',
      'logs',
      'update',
      'copy',
      'deactivate',
    ]);
  });
  it('an inactive bot not yet archived is archived', () => {
    expect(ownerActions({ active: false, archived: false })).toEqual([
      'details',
      'performance',
      'logs',
      'update',
      'copy',
      'archive',
    ]);
  });
  it('a live trader may share any of their bots', () => {
    expect(ownerActions({ active: true, archived: false }, true)).toContain('share');
    expect(ownerActions({ active: false, archived: true }, true)).toContain('share');
    expect(ownerActions({ active: true, archived: false }, false)).not.toContain('share');
  });
  it('an archived bot is un-archived', () => {
    expect(ownerActions({ active: false, archived: true })).toContain('unarchive');
    expect(ownerActions({ active: false, archived: true })).not.toContain('archive');
  });
  it("a super user views, edits and deactivates, but neither copies nor archives another's bot", () => {
    expect(adminActions({ active: true, archived: false })).toEqual([
      'details',
      'performance',
      'logs',
      'update',
      'deactivate',
    ]);
    expect(adminActions({ active: false, archived: true })).toEqual(['details', 'performance', 'logs', 'update']);
  });
});

describe('a bot in words (the details modal)', () => {
  it('says the account, category, dates, limits and filters a subscriber set', () => {
    const words = rowsOf(botSettingsInWords(botOf({ selected_sectors: ['Energy', 'Utilities'] })));
    expect(words).toMatchObject({
      Account: 'Demo account',
      'Trade category': 'SWING-ALERTS (STOCKS)',
      'Takes alerts published': 'Mar 1, 2026 – Mar 31, 2026',
      'Risk at most': '10%',
      'Amount per trade': '$1,000.00',
      'Maximum total amount': '$10,000.00',
      'Daily trade limit': '20 trades a day',
      'Trailing profit': 'Off',
      'Entry 1 / Entry 2': '50% / 50%',
      'Entry prices': "The alert's buy ranges",
      'Stop loss': "The alert's stop loss",
      'Alert price': 'Above $0.00 and below $100.00',
      'Shares outstanding': 'Any (filter off)',
      Sectors: 'Energy, Utilities',
    });
    expect(words).not.toHaveProperty('Owner');
    expect(words).not.toHaveProperty('Options strategy');
  });

  it('an options bot shows the options filters, a live one its account, and the admin view its owner', () => {
    const bot = botOf({
      trade_category: { name: 'OPTIONS-IDEAS', category: 'OPTIONS' },
      trade_account: { account_id: 'VA1234', mode: 'LIVE' },
      set_open_interest: true,
      open_interest_greater_than: 500,
      open_interest_less_than: 20000,
      set_entry_prices: true,
      entry_one_sign: 'minus',
      entry_one_parameter: 'buy_range_1',
      entry_one_adder: 0.05,
    });
    const words = rowsOf(botSettingsInWords(bot, true));
    expect(words).toMatchObject({
      Owner: 'Liam Live (live@drat.local)',
      Account: 'VA1234',
      'Open interest': '500 to 20,000',
      'Options strategy': 'ALL',
      'Expiration dates': 'Any',
      'Entry 1 price': 'Buy range 1 minus $0.05',
    });
    expect(words).not.toHaveProperty('Sectors');
  });

  it('performance (§9) in words, the P/L with its sign', () => {
    const words = performanceInWords({
      trades_taken: 3,
      trades_left: 7,
      amount_invested: '3000',
      amount_left: '7000',
      profit_loss: '-12.5',
    });
    expect(words.map((w) => [w.label, w.value])).toEqual([
      ['Trades taken', '3'],
      ['Trades left', '7'],
      ['Amount invested', '$3,000.00'],
      ['Amount left', '$7,000.00'],
      ['Profit / loss', '-$12.50'],
    ]);
    expect(words[4]!.tone).toBe('down');
    expect(formatProfitLoss('0')).toBe('$0.00');
  });

  it('a calendar day is the same day in every time zone', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(dayRange('2026-01-01', null)).toBe('Jan 1, 2026 – —');
  });
});
