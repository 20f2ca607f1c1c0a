import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ALL_SECTORS, BOT_MSG, BOT_NAME_MAX } from '@drat/contracts';
import {
  addDays,
  bodyOf,
  checkBot,
  copyName,
  copyValuesOf,
  sharedValuesOf,
  defaultValues,
  fieldMessage,
  keptDatesOf,
  mirrorSizes,
  newYorkDate,
  pickSectors,
  splitShown,
  valuesOf,
  type BotFormValues,
} from './botForm';
import { botOf } from './testBots';

const TODAY = '2026-03-10';

const filled = (patch: Partial<BotFormValues> = {}): BotFormValues => ({
  ...defaultValues(TODAY),
  bot_name: 'Swing bot',
  trade_category: 'SWING-ALERTS',
  ...patch,
});

describe('entry and exit sizes mirror each other (3-bots-admin-public §4)', () => {
  it('changing Entry 1 sets Entry 2 to 100 minus it, and the exits follow the entries', () => {
    expect(mirrorSizes('low_buy_range_proportion', 30)).toEqual({
      low_buy_range_proportion: 30,
      high_buy_range_proportion: 70,
      low_target_range_proportion: 30,
      high_target_range_proportion: 70,
    });
  });

  it('changing Entry 2 sets Entry 1, and the exits the same way', () => {
    expect(mirrorSizes('high_buy_range_proportion', 100)).toEqual({
      low_buy_range_proportion: 0,
      high_buy_range_proportion: 100,
      low_target_range_proportion: 0,
      high_target_range_proportion: 100,
    });
  });

  it('and vice versa: changing an exit sets the other exit and mirrors into the entries', () => {
    expect(mirrorSizes('low_target_range_proportion', 25)).toEqual({
      low_buy_range_proportion: 25,
      high_buy_range_proportion: 75,
      low_target_range_proportion: 25,
      high_target_range_proportion: 75,
    });
    expect(mirrorSizes('high_target_range_proportion', 60)).toMatchObject({
      low_buy_range_proportion: 40,
      high_target_range_proportion: 60,
    });
  });

  it('cents stay exact: 33.33 leaves 66.67, not 66.66999…', () => {
    expect(mirrorSizes('low_buy_range_proportion', 33.33)).toMatchObject({ high_buy_range_proportion: 66.67 });
  });

  it('a size beyond 0-100 is taken at the bound; a cleared one changes nothing', () => {
    expect(mirrorSizes('low_buy_range_proportion', 140)).toMatchObject({
      low_buy_range_proportion: 100,
      high_buy_range_proportion: 0,
    });
    expect(mirrorSizes('low_buy_range_proportion', -5)).toMatchObject({ high_buy_range_proportion: 100 });
    expect(mirrorSizes('low_buy_range_proportion', null)).toBeNull();
  });

  it('the split-100% switch shows only when Entry 1 or Entry 2 is 100', () => {
    expect(splitShown({ low_buy_range_proportion: 50, high_buy_range_proportion: 50 })).toBe(false);
    expect(splitShown({ low_buy_range_proportion: 100, high_buy_range_proportion: 0 })).toBe(true);
    expect(splitShown({ low_buy_range_proportion: 0, high_buy_range_proportion: 100 })).toBe(true);
  });

  it('a split switched on but hidden again is sent off', () => {
    const values = filled({ split_100_percent_buy_range_shares_into_half_exit_ranges: true });
    expect(bodyOf(values).split_100_percent_buy_range_shares_into_half_exit_ranges).toBe(false);
    const shown = { ...values, low_buy_range_proportion: 100, high_buy_range_proportion: 0 };
    expect(bodyOf(shown).split_100_percent_buy_range_shares_into_half_exit_ranges).toBe(true);
  });
});

describe('the sector filter (§9): ALL SECTORS stands alone', () => {
  it('picking a sector drops ALL SECTORS', () => {
    expect(pickSectors([ALL_SECTORS], [ALL_SECTORS, 'Energy'])).toEqual(['Energy']);
  });
  it('picking ALL SECTORS drops the sectors taken', () => {
    expect(pickSectors(['Energy', 'Financial'], ['Energy', 'Financial', ALL_SECTORS])).toEqual([ALL_SECTORS]);
  });
  it('removing the last sector leaves ALL SECTORS', () => {
    expect(pickSectors(['Energy'], [])).toEqual([ALL_SECTORS]);
  });
  it('sectors add up', () => {
    expect(pickSectors(['Energy'], ['Energy', 'Utilities'])).toEqual(['Energy', 'Utilities']);
  });
});

describe('the form after a reset (§9) and the body it sends (§7)', () => {
  it('is BOT_DEFAULTS on the demo account, alerts from today to today plus 30 days', () => {
    const values = defaultValues(TODAY);
    expect(values).toMatchObject({ risk_at_most: 10, reward_at_least: 50, account_id: 'DEMO', trigger_percent: 40 });
    expect(values.trade_category).toBeUndefined();
    expect(values.alerts_from_date?.format('YYYY-MM-DD')).toBe(TODAY);
    expect(values.alerts_to_date?.format('YYYY-MM-DD')).toBe('2026-04-09');
  });

  it('sends dates as YYYY-MM-DD, the category by name, and passes the contracts', () => {
    const check = checkBot(filled(), TODAY, {});
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body).toMatchObject({
      bot_name: 'Swing bot',
      account_id: 'DEMO',
      trade_category: 'SWING-ALERTS',
      alerts_from_date: TODAY,
      alerts_to_date: '2026-04-09',
      expiration_from_date: null,
      selected_sectors: [ALL_SECTORS],
    });
  });

  it("says the contracts' words under each field", () => {
    expect(fieldMessage(filled({ bot_name: ' ' }), 'bot_name', TODAY, {})).toBe(BOT_MSG.nameRequired);
    expect(fieldMessage(filled({ trade_category: undefined }), 'trade_category', TODAY, {})).toBe(
      BOT_MSG.categoryRequired,
    );
    expect(
      fieldMessage(
        filled({ amount_invested_per_trade: 5000, max_total_amount_set_to_invest: 1000 }),
        'max_total_amount_set_to_invest',
        TODAY,
        {},
      ),
    ).toBe(BOT_MSG.totalBelowPerTrade);
    expect(fieldMessage(filled(), 'bot_name', TODAY, {})).toBeNull();
  });

  it('trailing settings are needed only while the switch is on', () => {
    const off = filled({ trailing_profit: null });
    expect(fieldMessage(off, 'trailing_profit', TODAY, {})).toBeNull();
    const on = { ...off, set_trailing_profit: true };
    expect(fieldMessage(on, 'trailing_profit', TODAY, {})).toBe(BOT_MSG.trailingRequired('Trailing profit'));
  });

  it('refuses alert dates before today, but not a date the bot already had (Update)', () => {
    const past = filled({ alerts_from_date: dayjs('2026-03-01') });
    expect(fieldMessage(past, 'alerts_from_date', TODAY, {})).toBe(BOT_MSG.dateBeforeToday('Alerts from date'));
    const check = checkBot(past, TODAY, {});
    expect(check.ok).toBe(false);
    const kept = keptDatesOf(botOf());
    expect(fieldMessage(past, 'alerts_from_date', TODAY, kept)).toBeNull();
    expect(checkBot(past, TODAY, kept).ok).toBe(true);
  });

  it('a cleared number is named, not sent as 0', () => {
    const check = checkBot(filled({ risk_at_most: null }), TODAY, {});
    expect(check).toEqual({ ok: false, issues: [{ field: 'risk_at_most', message: BOT_MSG.percent('Risk at most') }] });
  });
});

describe("a bot's settings in the drawer: Update and Copy (§2.1)", () => {
  it('Update shows every setting of the bot as it is', () => {
    const bot = botOf({ risk_at_most: 12, selected_sectors: ['Energy'], options_strategy: 'BUY CALL' });
    const values = valuesOf(bot);
    expect(values).toMatchObject({
      bot_name: 'Swing bot',
      account_id: 'DEMO',
      trade_category: 'SWING-ALERTS',
      risk_at_most: 12,
      selected_sectors: ['Energy'],
      options_strategy: 'BUY CALL',
    });
    expect(values.alerts_to_date?.format('YYYY-MM-DD')).toBe('2026-03-31');
    expect(bodyOf(values)).not.toHaveProperty('taken_trades');
  });

  it('Copy names it "Copy of …" and moves dates that have passed to today', () => {
    const values = copyValuesOf(botOf(), TODAY);
    expect(values.bot_name).toBe('Copy of Swing bot');
    expect(values.alerts_from_date?.format('YYYY-MM-DD')).toBe(TODAY);
    expect(values.alerts_to_date?.format('YYYY-MM-DD')).toBe('2026-03-31');
    expect(checkBot(values, TODAY, {}).ok).toBe(true);
  });

  it('Copy of a bot whose window ended starts a new window of 30 days, and drops an expiration range that ended', () => {
    const values = copyValuesOf(
      botOf({
        alerts_from_date: '2026-01-01',
        alerts_to_date: '2026-02-01',
        expiration_from_date: '2026-01-10',
        expiration_to_date: '2026-02-10',
      }),
      TODAY,
    );
    expect(values.alerts_to_date?.format('YYYY-MM-DD')).toBe('2026-04-09');
    expect(values.expiration_from_date).toBeNull();
    expect(values.expiration_to_date).toBeNull();
  });

  it("a shared bot's settings fill a new bot on the receiver's demo account, under its name", () => {
    const {
      id: _id,
      taken_trades: _t,
      performance: _p,
      ...bot
    } = botOf({ risk_at_most: 15, selected_sectors: ['Energy'] });
    const settings = { ...bot, trade_category: 'SWING-ALERTS', account_id: null };
    const values = sharedValuesOf('Swing bot', settings, TODAY);
    expect(values).toMatchObject({
      bot_name: 'Swing bot',
      account_id: 'DEMO',
      trade_category: 'SWING-ALERTS',
      risk_at_most: 15,
      selected_sectors: ['Energy'],
    });
    expect(values.alerts_from_date?.format('YYYY-MM-DD')).toBe(TODAY);
    expect(checkBot(values, TODAY, {}).ok).toBe(true);
  });

  it('settings missing from a shared bot are the defaults', () => {
    const values = sharedValuesOf('Bare', {}, TODAY);
    expect(values).toMatchObject({ risk_at_most: 10, trade_category: undefined, account_id: 'DEMO' });
    expect(values.alerts_to_date?.format('YYYY-MM-DD')).toBe('2026-04-09');
  });

  it("Copy's name stays within the name's limit", () => {
    expect(copyName('x'.repeat(BOT_NAME_MAX)).length).toBe(BOT_NAME_MAX);
  });
});

describe("days in New York's calendar", () => {
  it("late evening in New York is still New York's day, though it is tomorrow in UTC", () => {
    expect(newYorkDate(new Date('2026-03-11T02:30:00Z'))).toBe('2026-03-10');
  });
  it('adds days across a month end', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
  });
});
