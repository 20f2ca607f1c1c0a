import { describe, expect, it } from 'vitest';
import { createTradeBook, watchesOf } from './book';
import { advancedTrade, basicTrade, deepFreeze, Scenario, T0 } from './scenario.fixture';
import { step, stepFully } from './step';
import type { EngineTrade } from './types';

const TRAIL = { percent: '5', newPercent: '2', triggerPercent: '10' };
const pending = () => new Scenario(basicTrade()).submit().accept('BUY', 'R1').accept('BUY', 'R2');
const states: [string, () => EngineTrade][] = [
  ['pending', () => pending().trade],
  ['half held, buy working', () => pending().fill('BUY', 'R2', '20', '10').trade],
  ['held with a target', () => pending().fill('BUY', 'R2', '50', '10').accept('TARGET', 'R2').trade],
  [
    'held with a trail',
    () =>
      new Scenario(basicTrade({ trailing: TRAIL }))
        .submit()
        .fill('BUY', 'R2', '50', '10')
        .fill('BUY', 'R1', '50', '9.8')
        .quote('10.5').trade,
  ],
  ['no stop loss', () => new Scenario(basicTrade({ stopLoss: null })).submit().fill('BUY', 'R2', '50', '10').trade],
];
const bids = [
  '5',
  '8.99',
  '9',
  '9.0001',
  '9.5',
  '9.97',
  '9.975',
  '9.98',
  '10.4',
  '10.5',
  '10.5001',
  '10.99',
  '11',
  '11.5',
  '20',
];

/** An options trade whose buy waits for a price condition on its underlying, ACME. */
const call = { key: 'ACME261218C00010000', kind: 'option' as const, multiplier: 100 };
function conditionTrade(): EngineTrade {
  return new Scenario(
    advancedTrade([{ instrument: call, buyPrice: '1', buyQty: '2', targetPrice: '2' }], {
      conditions: [
        {
          id: 'c1',
          conditions: [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'last',
              is: 'greater_than',
              right: { kind: 'value', value: '11' },
            },
          ],
          action: {
            type: 'execute',
            rangeId: 'R1',
            side: 'buy',
            priceType: 'ask',
            customPrice: null,
            sign: '+',
            offset: '0',
          },
        },
      ],
      stopLoss: '0.5',
    }),
  ).submit().trade;
}

describe('the trade book', () => {
  it.each(states)('a-quote-the-book-skips-would-change-nothing: %s', (_, make) => {
    const trade = make();
    const book = createTradeBook();
    book.put(trade);
    for (const bid of bids) {
      if (book.due([{ instrument: 'ACME', bid }]).has(trade.id)) continue;
      const r = step(trade, { type: 'quote', instrument: 'ACME', bid, ask: bid, last: bid, at: T0 + 3_600_000 });
      expect(r.intents, `bid ${bid}`).toEqual([]);
      expect({ ...r.trade, quotes: {}, updatedAt: 0 }, `bid ${bid}`).toEqual({ ...trade, quotes: {}, updatedAt: 0 });
    }
  });

  it('a-quote-at-the-stop-is-due-one-above-is-not', () => {
    const trade = pending().fill('BUY', 'R2', '50', '10').accept('TARGET', 'R2').trade;
    const book = createTradeBook();
    book.put(trade);
    expect(book.due([{ instrument: 'ACME', bid: '9.00' }]).has('42')).toBe(true);
    expect(book.due([{ instrument: 'ACME', bid: '9.01' }]).has('42')).toBe(false);
    expect(book.due([{ instrument: 'OTHER', bid: '1' }]).size).toBe(0);
  });

  it('a-price-condition-on-the-underlying-makes-its-quotes-due', () => {
    const trade = conditionTrade();
    const book = createTradeBook();
    book.put(trade);
    expect(book.due([{ instrument: 'ACME', bid: '10' }]).has('7')).toBe(true);
    expect(book.due([{ instrument: call.key, bid: '1' }]).has('7')).toBe(true);
  });

  it('the-ordered-book-names-the-trades-whose-watches-a-bid-crosses-as-reading-every-watch-would', () => {
    // Many trades of the five kinds, plus trails with no peak yet (a first quote sets it: every bid
    // is due) and price conditions (every bid is due), with stops at a few shared levels (equal
    // levels side by side), some removed and some put again with another stop: the ordered book
    // must name exactly the trades whose watches (watchesOf, read one by one) a bid crosses.
    const noPeak = new Scenario(basicTrade({ trailing: TRAIL })).submit().fill('BUY', 'R2', '50', '10').trade;
    const always = conditionTrade();
    const kinds = [...states.map(([, make]) => make()), noPeak, always];
    expect(watchesOf(noPeak)[0]!.up).toBe(-Infinity);
    expect(watchesOf(always)[0]!.down).toBe(Infinity);
    const stops = ['8.50', '9.00', '9.00', '9.25', '9.50', null];
    const present = new Map<string, EngineTrade>();
    const book = createTradeBook();
    for (let i = 0; i < 140; i++) {
      const t = { ...kinds[i % kinds.length]!, id: String(i), stopLoss: stops[i % stops.length]! };
      book.put(t);
      present.set(t.id, t);
    }
    for (let i = 0; i < 140; i += 7) {
      book.remove(String(i));
      present.delete(String(i));
    }
    for (let i = 3; i < 140; i += 11) {
      const before = present.get(String(i));
      if (!before) continue;
      const t = { ...before, stopLoss: '9.75' };
      book.put(t);
      present.set(t.id, t);
    }
    expect(book.size).toBe([...present.values()].filter((t) => watchesOf(t).length > 0).length);
    for (const bid of [...bids, '8.5', '9.25', '9.2499', '9.75', '9.7501']) {
      const crossed = [...present.values()]
        .filter((t) => watchesOf(t).some((w) => Number(bid) <= w.down || Number(bid) >= w.up))
        .map((t) => t.id)
        .sort();
      expect([...book.due([{ instrument: 'ACME', bid }])].sort(), `bid ${bid}`).toEqual(crossed);
    }
    // A bid that is not a price crosses nothing, though `always` watches every price.
    for (const bid of ['abc', 'Infinity', '-Infinity', Number.NaN])
      expect(book.due([{ instrument: 'ACME', bid }]).size, `bid ${bid}`).toBe(0);
    for (const id of present.keys()) book.remove(id);
    expect(book.size).toBe(0);
    expect(book.due([{ instrument: 'ACME', bid: '0.01' }]).size).toBe(0);
  });

  it('a-finished-trade-leaves-the-book', () => {
    const s = pending().send({ type: 'cancel', at: T0 }).cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    const book = createTradeBook();
    book.put(pending().trade);
    expect(book.size).toBe(1);
    book.put(s.trade);
    expect(book.size).toBe(0);
  });
});

describe('a quote steps from its light copy', () => {
  it.each(states)('the-short-way-and-the-full-step-agree: %s', (_, make) => {
    // Frozen: a quote that is not quiet goes on from the light copy, which shares the rest.
    const trade = deepFreeze(make());
    for (const bid of bids) {
      const e = { type: 'quote', instrument: 'ACME', bid, ask: bid, last: bid, at: T0 + 3_600_000 } as const;
      expect(step(trade, e), `bid ${bid}`).toEqual(stepFully(trade, e));
    }
  });
});

it('a-new-high-of-a-trailing-trade-takes-the-short-way-and-raises-the-stop', () => {
  const trade = states[3]![1]();
  const r = step(trade, {
    type: 'quote',
    instrument: 'ACME',
    bid: '10.8',
    ask: '10.81',
    last: '10.8',
    at: T0 + 60_000,
  });
  expect(r.trade.orders).toBe(trade.orders); // shared: the light copy
  expect(r.trade.trail.ACME).toMatchObject({ peak: '10.8', stop: '10.26' });
  expect(trade.trail.ACME).toMatchObject({ peak: '10.5', stop: '9.975' });
});
