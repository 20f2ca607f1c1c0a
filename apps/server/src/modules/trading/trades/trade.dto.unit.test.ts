import { describe, expect, it } from 'vitest';
import { basicRanges, equity, newTrade, step, type EngineTrade } from '@drat/engine';
import { demoTradeDto, tradeDto } from './trade.dto';
import type { TradeRow } from './trades.repo';

/** A demo trade that bought range 2 (10 at 100.00) and sold 4 of them at 110.00. */
function openTrade(): EngineTrade {
  let s = newTrade({
    id: '9',
    ticker: 'ACME',
    ranges: basicRanges(equity('ACME'), {
      buyRangeLow: '95',
      buyRangeHigh: '100',
      targetRangeLow: '110',
      targetRangeHigh: '120',
      amountLow: '10',
      amountHigh: '10',
    }),
    stopLoss: '90',
    trailing: null,
    cancelUnfilledAt: null,
    at: 0,
  });
  s = step(s, { type: 'submit', at: 0 }).trade;
  const fill = (id: string, qty: string, price: string, status: 'filled' | 'partially_filled') =>
    (s = step(s, { type: 'order', clientOrderId: id, status, filledQty: qty, avgFillPrice: price, at: 1 }).trade);
  fill('T9-R2-L0-BUY-1', '10', '100', 'filled');
  fill('T9-R2-L0-TARGET-1', '4', '110', 'partially_filled');
  return s;
}

const row = (state: EngineTrade): TradeRow => ({
  id: 9,
  userId: 1,
  mode: 'DEMO',
  broker: 'paper',
  accountId: 'DEMO-1',
  ticker: 'ACME',
  tradeType: 'CUSTOM',
  stockType: 'STOCKS',
  strategy: null,
  status: state.status,
  archived: false,
  alertId: null,
  notes: 'n',
  input: { trade_notes: 'n' },
  state,
  version: 3,
  deadlineAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 24)),
  updatedAt: new Date(Date.UTC(2026, 10, 24)),
});

describe('a trade as the API shows it', () => {
  it('net liquidity: what was sold, plus what is held at the market bid, minus what it cost', () => {
    // Sold 4 × 110 = 440; holds 6, at 105 = 630; paid 1,000: +70.
    expect(demoTradeDto(row(openTrade()), new Map([['ACME', 105]])).net_liquidity).toBe(70);
    // Without a market price, what is held counts at cost: +40 (the 4 sold at 10 over cost).
    expect(demoTradeDto(row(openTrade())).net_liquidity).toBe(40);
  });

  it('range 1 buys at buy range low and sells at target range high; P/L per range', () => {
    const dto = tradeDto(row(openTrade()));
    expect(dto).toMatchObject({
      buy_range_1: 95,
      buy_range_2: 100,
      target_range_low: 110,
      target_range_high: 120,
      status: 'OPEN',
      order_one_carried_out: false,
      order_two_carried_out: true,
    });
    expect(dto.profit_loss_data?.buy_range_two_execution).toMatchObject({
      entry_price: 100,
      entry_quantity: 10,
      entry_cost: 1000,
      exit_price: 110,
      exit_quantity: 4,
      exit_cost: 440,
      profit_loss: 40,
      profit_loss_percent: 10,
    });
  });
});
