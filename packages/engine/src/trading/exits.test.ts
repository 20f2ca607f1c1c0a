import { describe, expect, it } from 'vitest';
import { rangeProfitLoss } from './create';
import { basicTrade, MINUTE, Scenario, T0, type Basic } from './scenario.fixture';

const started = (p: Basic = {}) => new Scenario(basicTrade(p)).submit().accept('BUY', 'R1').accept('BUY', 'R2');
/** Range 2 bought 50 at 10.00; its target of 11 works; range 1 still buying at 9.80. */
const holdingHalf = (p: Basic = {}) => started(p).fill('BUY', 'R2', '50', '10.00').accept('TARGET', 'R2');
/** Both ranges bought: 100 shares at an average of 9.90. */
const holdingAll = (p: Basic = {}) => holdingHalf(p).fill('BUY', 'R1', '50', '9.80').accept('TARGET', 'R1');

const TRAIL = { percent: '5', newPercent: '2', triggerPercent: '10' };

describe('the stop loss', () => {
  it('stop-hit-between-the-two-buys-cancels-the-unfilled-buy-and-sells-what-is-held', () => {
    const s = holdingHalf().quote('8.99');
    expect(s.trade.exitReason).toBe('STOP_LOSS');
    expect(s.trade.soldAtStopLoss).toBe(true);
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-BUY-1', 'cancel T42-R2-L0-TARGET-1']);
    // The shares are sold once the target order is gone, never while it could still fill.
    s.cancelled('TARGET', 'R2');
    expect(s.lastSaid()).toEqual(['place EXIT R2 50 @ market']);
    s.cancelled('BUY', 'R1').fill('EXIT', 'R2', '50', '8.97');
    expect(s.trade.status).toBe('COMPLETED');
    expect(rangeProfitLoss(s.trade.ranges.find((r) => r.id === 'R2')!)).toMatchObject({
      profit_loss: '-51.5',
      profit_loss_percent: '-10.3',
    });
    const r1 = s.trade.ranges.find((r) => r.id === 'R1')!;
    expect(r1).toMatchObject({ completed: true, buyFilled: false });
  });

  it('the-stop-triggers-at-exactly-the-stop-price', () => {
    expect(holdingHalf().quote('9.00').trade.exitReason).toBe('STOP_LOSS');
  });

  it('the-stop-reads-the-bid-not-the-last-price', () => {
    const s = holdingHalf().send({
      type: 'quote',
      instrument: 'ACME',
      last: '8.90',
      bid: '9.01',
      ask: '9.05',
      at: T0 + MINUTE,
    });
    expect(s.trade.exitReason).toBeNull();
  });

  it('a-target-that-fills-while-its-cancel-is-pending-leaves-nothing-to-sell', () => {
    const s = holdingHalf().quote('8.99').fill('TARGET', 'R2', '50', '11.00');
    expect(s.last).toEqual([]);
    s.cancelled('BUY', 'R1');
    expect(s.trade.status).toBe('COMPLETED');
    expect(s.said('place').filter((l) => l.startsWith('place EXIT'))).toEqual([]);
  });

  it('a-target-partly-filled-during-the-cancel-leaves-only-the-rest-to-sell', () => {
    const s = holdingHalf().quote('8.99').answer('TARGET', 'R2', 'partially_filled', '30', '11.00');
    expect(s.last).toEqual([]);
    s.cancelled('TARGET', 'R2');
    expect(s.lastSaid()).toEqual(['place EXIT R2 20 @ market']);
  });

  it('stop-before-any-buy-filled-cancels-the-buys-and-the-trade', () => {
    const s = started().quote('8.95');
    expect(s.trade.soldAtStopLoss).toBe(false);
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-BUY-1', 'cancel T42-R2-L0-BUY-1']);
    s.cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    expect(s.trade.status).toBe('CANCELLED');
  });

  it('a-gap-through-the-stop-sells-at-market-whatever-the-bid', () => {
    const s = holdingHalf().quote('7.50').cancelled('TARGET', 'R2');
    expect(s.lastSaid()).toEqual(['place EXIT R2 50 @ market']);
    s.fill('EXIT', 'R2', '50', '7.48');
    expect(s.trade.ranges.find((r) => r.id === 'R2')!.soldAmount).toBe('374');
  });

  it('an-exit-filled-in-parts-completes-when-all-is-sold', () => {
    const s = holdingHalf().quote('8.99').cancelled('TARGET', 'R2').cancelled('BUY', 'R1');
    s.fill('EXIT', 'R2', '30', '8.98');
    expect(s.trade.status).toBe('OPEN');
    s.fill('EXIT', 'R2', '50', '8.975');
    expect(s.trade.status).toBe('COMPLETED');
  });

  it('a-rejected-exit-is-sent-again-as-a-new-attempt', () => {
    const s = holdingHalf().quote('8.99').cancelled('TARGET', 'R2').answer('EXIT', 'R2', 'rejected');
    expect(s.lastSaid()).toEqual(['place EXIT R2 50 @ market']);
    expect(s.order('EXIT', 'R2', 2).clientOrderId).toBe('T42-R2-L0-EXIT-2');
  });

  it('a-trade-without-a-stop-loss-ignores-falling-prices', () => {
    const s = holdingHalf({ stopLoss: null }).quote('5.00');
    expect(s.trade.exitReason).toBeNull();
  });

  it('once-stopped-nothing-is-bought-again', () => {
    const s = holdingHalf().quote('8.99').quote('9.70');
    expect(s.said('place').filter((l) => l.startsWith('place BUY'))).toHaveLength(2);
  });
});

describe('trailing profit', () => {
  // 100 shares at an average of 9.90; trail 5 %, then 2 % once the gain reaches 10 %.
  it('the-trail-is-set-only-where-it-locks-a-profit', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.20');
    // 10.20 − 5 % = 9.69, under the 9.90 paid: not in force yet.
    expect(s.trade.trail.ACME).toMatchObject({ peak: '10.2', stop: null });
    s.quote('10.50');
    // 10.50 − 5 % = 9.975, above 9.90.
    expect(s.trade.trail.ACME).toMatchObject({ peak: '10.5', stop: '9.975' });
  });

  it('the-trail-never-moves-down', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.50').quote('10.30');
    expect(s.trade.trail.ACME).toMatchObject({ peak: '10.5', stop: '9.975' });
  });

  it('the-trail-follows-a-new-high', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.50').quote('10.80');
    expect(s.trade.trail.ACME!.stop).toBe('10.26');
  });

  it('trail-hit-sells-everything-held-and-cancels-the-targets', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.50').quote('9.97');
    expect(s.trade.exitReason).toBe('TRAILING_PROFIT');
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-TARGET-1', 'cancel T42-R2-L0-TARGET-1']);
    s.cancelled('TARGET', 'R1').cancelled('TARGET', 'R2');
    expect(s.said('place').slice(-2)).toEqual(['place EXIT R1 50 @ market', 'place EXIT R2 50 @ market']);
    s.fill('EXIT', 'R1', '50', '9.97').fill('EXIT', 'R2', '50', '9.97');
    expect(s.trade.status).toBe('COMPLETED');
    expect(s.trade.soldAtStopLoss).toBe(false);
  });

  it('trail-tightens-after-trigger', () => {
    // 9.90 + 10 % = 10.89: the trail becomes 2 % of the peak.
    const s = holdingAll({ trailing: TRAIL }).quote('10.50').quote('10.89');
    expect(s.trade.trail.ACME).toMatchObject({ tightened: true, stop: '10.6722' });
    expect(s.log.filter((l) => l.includes('tightens'))).toHaveLength(1);
    s.quote('11.00');
    expect(s.trade.trail.ACME!.stop).toBe('10.78');
    expect(s.log.filter((l) => l.includes('tightens'))).toHaveLength(1);
  });

  it('the-old-stop-is-checked-before-this-quote-moves-it', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.50').quote('9.975');
    expect(s.trade.exitReason).toBe('TRAILING_PROFIT');
  });

  it('nothing-trails-while-nothing-is-held', () => {
    const s = started({ trailing: TRAIL }).quote('10.60');
    expect(s.trade.trail.ACME).toBeUndefined();
  });

  it('the-stop-loss-still-protects-under-the-trail', () => {
    const s = holdingAll({ trailing: TRAIL }).quote('10.20').quote('8.90');
    expect(s.trade.exitReason).toBe('STOP_LOSS');
  });

  it('a-trail-reached-when-the-target-already-sold-one-range-sells-the-other', () => {
    const s = holdingAll({ trailing: TRAIL }).fill('TARGET', 'R2', '50', '11.00').quote('11.20').quote('10.60');
    expect(s.trade.exitReason).toBe('TRAILING_PROFIT');
    s.cancelled('TARGET', 'R1');
    expect(s.lastSaid()).toEqual(['place EXIT R1 50 @ market']);
  });
});

describe('cancel if not filled by', () => {
  const deadline = T0 + 30 * MINUTE;

  it('unfilled-buys-are-cancelled-at-the-deadline', () => {
    const s = started({ cancelUnfilledAt: deadline }).later(30).tick();
    expect(s.trade.deadlinePassed).toBe(true);
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-BUY-1', 'cancel T42-R2-L0-BUY-1']);
    s.cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    expect(s.trade.status).toBe('CANCELLED');
  });

  it('a-minute-before-the-deadline-nothing-happens', () => {
    const s = started({ cancelUnfilledAt: deadline }).later(29).tick();
    expect(s.trade.deadlinePassed).toBe(false);
    expect(s.last).toEqual([]);
  });

  it('the-deadline-keeps-what-was-partly-filled-and-sells-it-at-its-target', () => {
    const s = started({ cancelUnfilledAt: deadline }).fill('BUY', 'R2', '20', '10.00').later(30).tick();
    s.cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    expect(s.lastSaid()).toEqual(['place TARGET R2 20 @ 11']);
    expect(s.trade.status).toBe('OPEN');
  });

  it('the-deadline-leaves-working-targets-alone', () => {
    const s = holdingHalf({ cancelUnfilledAt: deadline }).later(30).tick();
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-BUY-1']);
  });

  it('any-event-after-the-deadline-passes-it', () => {
    const s = started({ cancelUnfilledAt: deadline }).later(45).quote('9.90');
    expect(s.trade.deadlinePassed).toBe(true);
  });
});

describe('the trader cancels', () => {
  it('cancelling-a-pending-trade-cancels-its-buys', () => {
    const s = started().send({ type: 'cancel', at: T0 + MINUTE });
    expect(s.lastSaid()).toEqual(['cancel T42-R1-L0-BUY-1', 'cancel T42-R2-L0-BUY-1']);
    s.cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    expect(s.trade.status).toBe('CANCELLED');
  });

  it('cancelling-an-open-trade-sells-what-it-holds', () => {
    const s = holdingHalf().send({ type: 'cancel', at: T0 + MINUTE });
    s.cancelled('BUY', 'R1').cancelled('TARGET', 'R2');
    expect(s.lastSaid()).toEqual(['place EXIT R2 50 @ market']);
    s.fill('EXIT', 'R2', '50', '10.10');
    expect(s.trade.status).toBe('CANCELLED');
    expect(s.trade.exitReason).toBe('USER_CANCEL');
  });

  it('cancelling-a-finished-trade-is-refused', () => {
    const s = started().send({ type: 'cancel', at: T0 + MINUTE });
    s.cancelled('BUY', 'R1')
      .cancelled('BUY', 'R2')
      .send({ type: 'cancel', at: T0 + 2 * MINUTE });
    expect(s.refused).toBe('The trade is CANCELLED');
  });

  it('cancelling-a-draft-is-refused', () => {
    const s = new Scenario(basicTrade()).send({ type: 'cancel', at: T0 });
    expect(s.refused).toBe('The trade is DRAFT');
  });
});
