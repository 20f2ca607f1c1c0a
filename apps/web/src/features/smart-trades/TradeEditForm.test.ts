import { describe, expect, it } from 'vitest';
import type { RangeExecution, SmartTradeDto } from '@drat/contracts';
import { lockedFields } from './TradeEditForm';

const execution = (entry: number, exit: number) => ({ entry_quantity: entry, exit_quantity: exit }) as RangeExecution;
const trade = (patch: Partial<SmartTradeDto> = {}) =>
  ({
    order_one_carried_out: false,
    order_two_carried_out: false,
    sold_at_stop_loss: false,
    set_trailing_profit: true,
    profit_loss_data: { buy_range_one_execution: null, buy_range_two_execution: null },
    ...patch,
  }) as SmartTradeDto;

describe('which inputs of a running trade are locked (2-trading §4)', () => {
  it('nothing filled: every price and percent can change', () => {
    expect([...lockedFields(trade())]).toEqual([]);
  });

  it("a filled buy keeps its price; a range sold out keeps its target (range 1's is the high target)", () => {
    const t = trade({
      order_one_carried_out: true,
      profit_loss_data: { buy_range_one_execution: execution(5, 5), buy_range_two_execution: execution(5, 2) },
    });
    expect([...lockedFields(t)].sort()).toEqual(['buy_range_low', 'target_range_high']);
  });

  it('after the stop loss everything is locked; trailing percents only apply to a trade that trails', () => {
    expect(lockedFields(trade({ sold_at_stop_loss: true })).size).toBe(9);
    expect([...lockedFields(trade({ set_trailing_profit: false }))]).toEqual([
      'trailing_profit',
      'new_trailing_profit',
      'trigger_percent',
    ]);
  });
});
