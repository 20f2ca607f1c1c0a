import { describe, expect, it } from 'vitest';
import {
  evaluateAlert,
  initialAlertState,
  LIFECYCLE_BAR_MS,
  type AlertLevels,
  type AlertState,
  type AlertTriggerKind,
  type PriceBar,
} from './lifecycle';
import { classifyTriggerNote, expectedTriggerClass } from './notes';

const T0 = Date.UTC(2026, 2, 2, 15, 0);
const M = LIFECYCLE_BAR_MS;

/** Alert price 100, buy 99-101, targets 105 and 110, stop 95. */
const LEVELS: AlertLevels = {
  ticker: 'ACME',
  alertPrice: 100,
  buyRangeLow: 99,
  buyRangeHigh: 101,
  targetRangeLow: 105,
  targetRangeHigh: 110,
  stopLoss: 95,
  expiresAt: null,
};

/** Bar n (minutes after T0) as [open, high, low, close]. */
type Ohlc = [number, number, number, number];
function bars(...ohlc: Ohlc[]): PriceBar[] {
  return ohlc.map(([open, high, low, close], i) => ({ time: T0 + i * M, open, high, low, close }));
}
const flat = (p: number): Ohlc => [p, p, p, p];

/** A fresh alert created at T0, evaluated through the end of its last bar. */
function run(b: PriceBar[], levels: AlertLevels = LEVELS, state?: AlertState, through?: number) {
  const start = state ?? { ...initialAlertState(), evaluatedThrough: T0 };
  const end = through ?? (b.length ? b[b.length - 1]!.time + M : T0);
  return evaluateAlert(levels, start, b, end);
}
const kinds = (events: { kind: AlertTriggerKind }[]) => events.map((e) => e.kind);

interface Scenario {
  name: string;
  bars: Ohlc[];
  kinds: AlertTriggerKind[];
  status: AlertState['completedStatus'];
  completed: boolean;
  half: boolean;
  exit: number | null;
  /** Prices of the events, in order. */
  prices?: number[];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'no move near any level',
    bars: [flat(103), flat(102.5)],
    kinds: [],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
  },
  {
    name: 'opens inside the buy range: entered at the open',
    bars: [[100.5, 100.8, 100.2, 100.6]],
    kinds: ['BUY_RANGE'],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
    prices: [100.5],
  },
  {
    name: 'dips into the range from above: entered at the top of the range',
    bars: [[102, 102.2, 100.4, 101.5]],
    kinds: ['BUY_RANGE'],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
    prices: [101],
  },
  {
    name: 'rises into the range from below: entered at the bottom of the range',
    bars: [[97, 99.5, 96.8, 99.2]],
    kinds: ['BUY_RANGE'],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
    prices: [99],
  },
  {
    name: 'gap up over the range, then through both targets: never entered, nothing happens',
    bars: [
      [103, 104, 102, 103.5],
      [106, 108, 105.5, 107],
      [109, 112, 108.5, 111],
    ],
    kinds: [],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
  },
  {
    name: 'gap down through the stop before entry: no stop without entry',
    bars: [[93, 94, 92, 93.5], flat(90)],
    kinds: [],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
  },
  {
    name: 'entered, then falls through the stop: STOP at the stop',
    bars: [flat(100), [98, 98.5, 94, 94.5]],
    kinds: ['BUY_RANGE', 'STOP'],
    status: 'STOP',
    completed: true,
    half: false,
    exit: 95,
    prices: [100, 95],
  },
  {
    name: 'entered, then gaps down through the stop: STOP at the open',
    bars: [flat(100), [92, 93, 91, 92.5]],
    kinds: ['BUY_RANGE', 'STOP'],
    status: 'STOP',
    completed: true,
    half: false,
    exit: 92,
    prices: [100, 92],
  },
  {
    name: 'entered, then target 1: half completed at target 1',
    bars: [flat(100), [103, 106, 102.5, 105.5]],
    kinds: ['BUY_RANGE', 'TARGET_1'],
    status: 'TARGET 1',
    completed: false,
    half: true,
    exit: 105,
    prices: [100, 105],
  },
  {
    name: 'target 1 then stop: half completed, then STOP',
    bars: [flat(100), [103, 106, 102.5, 105.5], [101, 101, 96, 96.5], [96, 96, 94.8, 95.5]],
    kinds: ['BUY_RANGE', 'TARGET_1', 'STOP'],
    status: 'STOP',
    completed: true,
    half: true,
    exit: 95,
    prices: [100, 105, 95],
  },
  {
    name: 'target 1 then target 2: completed at target 2',
    bars: [flat(100), [103, 106, 102.5, 105.5], [107, 110.5, 106.5, 110.2]],
    kinds: ['BUY_RANGE', 'TARGET_1', 'TARGET_2'],
    status: 'TARGET 2',
    completed: true,
    half: true,
    exit: 110,
    prices: [100, 105, 110],
  },
  {
    name: 'both targets in one bar: target 1 then target 2',
    bars: [flat(100), [104, 111, 103.8, 110.6]],
    kinds: ['BUY_RANGE', 'TARGET_1', 'TARGET_2'],
    status: 'TARGET 2',
    completed: true,
    half: true,
    exit: 110,
  },
  {
    name: 'gap up over both targets after entry: exits at the targets',
    bars: [flat(100), [112, 113, 111.5, 112.5]],
    kinds: ['BUY_RANGE', 'TARGET_1', 'TARGET_2'],
    status: 'TARGET 2',
    completed: true,
    half: true,
    exit: 110,
    prices: [100, 105, 110],
  },
  {
    name: 'same-bar ambiguity: a bar touches the stop and a target: the stop counts',
    bars: [flat(100), [100, 111, 94, 104]],
    kinds: ['BUY_RANGE', 'STOP'],
    status: 'STOP',
    completed: true,
    half: false,
    exit: 95,
  },
  {
    name: 'same-bar ambiguity after target 1: stop before target 2',
    bars: [flat(100), flat(106), [106, 111, 94, 108]],
    kinds: ['BUY_RANGE', 'TARGET_1', 'STOP'],
    status: 'STOP',
    completed: true,
    half: true,
    exit: 95,
  },
  {
    name: 'entry and stop in one bar (falls from above through the range and the stop)',
    bars: [[102, 102, 94, 94.5]],
    kinds: ['BUY_RANGE', 'STOP'],
    status: 'STOP',
    completed: true,
    half: false,
    exit: 95,
    prices: [101, 95],
  },
  {
    name: 'entry and target 1 in one bar (low first, then up through the range to the target)',
    bars: [[97, 106, 96.5, 104]],
    kinds: ['BUY_RANGE', 'TARGET_1'],
    status: 'TARGET 1',
    completed: false,
    half: true,
    exit: 105,
    prices: [99, 105],
  },
  {
    name: 'opens under the stop, rallies through the range and back under the stop by the close',
    bars: [[94, 102, 93, 94]],
    kinds: ['BUY_RANGE', 'STOP'],
    status: 'STOP',
    completed: true,
    half: false,
    exit: 95,
    prices: [99, 95],
  },
  {
    name: 'touching a level exactly counts',
    bars: [flat(101), flat(105), flat(95)],
    kinds: ['BUY_RANGE', 'TARGET_1', 'STOP'],
    status: 'STOP',
    completed: true,
    half: true,
    exit: 95,
  },
  {
    name: 'a cent short of every level counts for nothing',
    bars: [flat(100), [100, 104.99, 95.01, 104]],
    kinds: ['BUY_RANGE'],
    status: 'ONGOING',
    completed: false,
    half: false,
    exit: null,
  },
];

describe('evaluateAlert: scenarios', () => {
  it.each(SCENARIOS)('$name', (sc) => {
    const { state, events } = run(bars(...sc.bars));
    expect(kinds(events)).toEqual(sc.kinds);
    expect(state.completedStatus).toBe(sc.status);
    expect(state.completed).toBe(sc.completed);
    expect(state.halfCompleted).toBe(sc.half);
    expect(state.exitPrice).toBe(sc.exit);
    if (sc.prices) expect(events.map((e) => e.price)).toEqual(sc.prices);
    // Every note classifies as its event (1-core §4 order).
    for (const e of events) {
      const pl = ((e.price - LEVELS.alertPrice) / LEVELS.alertPrice) * 100;
      expect(classifyTriggerNote(e.note), e.note).toBe(expectedTriggerClass(e.kind, pl));
    }
    // Re-running the same bars writes nothing new and changes nothing.
    const again = run(bars(...sc.bars), LEVELS, state);
    expect(again.events).toEqual([]);
    expect(again.state).toEqual(state);
  });
});

describe('evaluateAlert: what it records', () => {
  it('records P/L against the alert price, in dollars and percent', () => {
    const half = run(bars(flat(100), flat(106))).state;
    expect(half).toMatchObject({ halfExitPrice: 105, exitPrice: 105, plDollar: 5, plPercent: 5, completed: false });
    const stopped = run(bars(flat(100), flat(106), [100, 100, 94, 94.5])).state;
    expect(stopped).toMatchObject({ halfExitPrice: 105, exitPrice: 95, plDollar: -5, plPercent: -5, completed: true });
    const odd = run(bars(flat(100)), { ...LEVELS, alertPrice: 97 }).state;
    expect(odd.plDollar).toBeNull(); // entry alone is not an exit
    const t2 = run(bars(flat(100), flat(111)), { ...LEVELS, alertPrice: 97 }).state;
    expect(t2).toMatchObject({ exitPrice: 110, plDollar: 13, plPercent: 13.4021 });
  });

  it('records when things happened: entry, half, completion and the last trigger', () => {
    const { state, events } = run(bars(flat(103), flat(100), flat(102), flat(106), flat(104), flat(94)));
    expect(state.enteredAt).toBe(T0 + 1 * M);
    expect(state.halfCompletedAt).toBe(T0 + 3 * M);
    expect(state.completedAt).toBe(T0 + 5 * M);
    expect(state.lastTriggerAt).toBe(T0 + 5 * M);
    expect(events.map((e) => e.at)).toEqual([T0 + M, T0 + 3 * M, T0 + 5 * M]);
  });

  it('keeps the latest price (the last close applied) and how far it has evaluated', () => {
    const { state } = run(bars([103, 104, 102, 103.7], [103.7, 104.2, 103.1, 103.3]));
    expect(state.latestPrice).toBe(103.3);
    expect(state.evaluatedThrough).toBe(T0 + 2 * M);
  });

  it('moves evaluated_through to `through` when there are no bars (a closed market)', () => {
    const { state, events } = run([], LEVELS, undefined, T0 + 90 * M);
    expect(events).toEqual([]);
    expect(state.evaluatedThrough).toBe(T0 + 90 * M);
    expect(state.latestPrice).toBeNull();
  });

  it('skips bars before evaluated_through (the alert did not exist yet, or they were applied)', () => {
    const start = { ...initialAlertState(), evaluatedThrough: T0 + 2 * M };
    const { state, events } = evaluateAlert(LEVELS, start, bars(flat(100), flat(106), flat(103)), T0 + 3 * M);
    expect(events).toEqual([]);
    expect(state.latestPrice).toBe(103);
  });

  it('leaves a bar that is not complete by `through` to the next run', () => {
    const b = bars(flat(103), flat(100));
    const first = evaluateAlert(LEVELS, { ...initialAlertState(), evaluatedThrough: T0 }, b, T0 + M + M / 2);
    expect(first.events).toEqual([]);
    expect(first.state.evaluatedThrough).toBe(T0 + M);
    const second = evaluateAlert(LEVELS, first.state, b, T0 + 2 * M);
    expect(kinds(second.events)).toEqual(['BUY_RANGE']);
  });

  it('does nothing more once completed', () => {
    const done = run(bars(flat(100), flat(94))).state;
    const after = evaluateAlert(LEVELS, done, bars(flat(100), flat(94), flat(100), flat(120)), T0 + 10 * M);
    expect(after.events).toEqual([]);
    expect(after.state).toEqual(done);
  });

  it('does not change the state it was given', () => {
    const start = { ...initialAlertState(), evaluatedThrough: T0 };
    const copy = { ...start };
    run(bars(flat(100), flat(111)), LEVELS, start);
    expect(start).toEqual(copy);
  });
});

describe('evaluateAlert: options expiry', () => {
  const expiresAt = T0 + 5 * M;
  const options = { ...LEVELS, expiresAt };

  it('expires an alert that never entered at the last price', () => {
    const { state, events } = run(bars(flat(103), flat(104), flat(103.5)), options, undefined, T0 + 10 * M);
    expect(kinds(events)).toEqual(['EXPIRED']);
    expect(state).toMatchObject({
      completed: true,
      completedStatus: 'EXPIRED',
      exitPrice: 103.5,
      completedAt: expiresAt,
    });
    expect(state.plPercent).toBe(3.5);
    expect(classifyTriggerNote(events[0]!.note)).toBe('ph');
  });

  it('expires an entered, half-completed alert at the last price before expiry, ignoring later bars', () => {
    const b = bars(flat(100), flat(106), flat(103), flat(99), flat(98), flat(120), flat(130));
    const { state, events } = run(b, options, undefined, T0 + 7 * M);
    expect(kinds(events)).toEqual(['BUY_RANGE', 'TARGET_1', 'EXPIRED']);
    expect(state).toMatchObject({ completedStatus: 'EXPIRED', halfCompleted: true, exitPrice: 98, plPercent: -2 });
    expect(classifyTriggerNote(events[2]!.note)).toBe('sl');
  });

  it('expires at the alert price when it was never priced', () => {
    const { state } = run([], options, undefined, T0 + 6 * M);
    expect(state).toMatchObject({ completedStatus: 'EXPIRED', exitPrice: 100, plDollar: 0 });
  });

  it('is not expired before the expiry instant', () => {
    const { state } = run(bars(flat(103)), options, undefined, expiresAt - 1);
    expect(state.completed).toBe(false);
  });

  it('a stop before expiry wins', () => {
    const { state } = run(bars(flat(100), flat(90)), options, undefined, T0 + 9 * M);
    expect(state.completedStatus).toBe('STOP');
  });
});

/** A seeded random walk of minute bars around 100. */
function randomWalk(n: number, seed: number, vol = 0.004): PriceBar[] {
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  const out: PriceBar[] = [];
  let p = 103;
  for (let i = 0; i < n; i++) {
    const open = p;
    const close = Math.max(1, open * (1 + (rnd() - 0.5) * 2 * vol));
    const high = Math.max(open, close) * (1 + rnd() * vol);
    const low = Math.min(open, close) * (1 - rnd() * vol);
    out.push({ time: T0 + i * M, open, high, low, close });
    p = close;
  }
  return out;
}

describe('evaluateAlert: catching up over many bars', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    'seed %i: one run over 2,000 bars equals a run every minute, and a run every 37 minutes',
    (seed) => {
      const b = randomWalk(2000, seed * 7919);
      const start = { ...initialAlertState(), evaluatedThrough: T0 };
      const end = T0 + 2000 * M;
      const once = evaluateAlert(LEVELS, start, b, end);

      for (const step of [1, 37]) {
        let state: AlertState = start;
        const events = [];
        for (let t = T0 + step * M; ; t = Math.min(end, t + step * M)) {
          const r = evaluateAlert(LEVELS, state, b, t);
          state = r.state;
          events.push(...r.events);
          if (t === end) break;
        }
        expect(events).toEqual(once.events);
        expect({ ...state, evaluatedThrough: 0 }).toEqual({ ...once.state, evaluatedThrough: 0 });
      }
      // Catching up only ever adds each kind once, in lifecycle order.
      const order = ['BUY_RANGE', 'TARGET_1', 'TARGET_2', 'STOP'];
      const seen = kinds(once.events);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, c) => order.indexOf(a) - order.indexOf(c))).toEqual(seen);
      if (!once.state.completed) expect(once.state.latestPrice).toBe(b[b.length - 1]!.close);
    },
  );

  it('catching up in one call after downtime gives the same result as having been up', () => {
    const b = randomWalk(600, 4242);
    const start = { ...initialAlertState(), evaluatedThrough: T0 };
    const upTo100 = evaluateAlert(LEVELS, start, b, T0 + 100 * M);
    const resumed = evaluateAlert(LEVELS, upTo100.state, b, T0 + 600 * M);
    const straight = evaluateAlert(LEVELS, start, b, T0 + 600 * M);
    expect([...upTo100.events, ...resumed.events]).toEqual(straight.events);
    expect(resumed.state).toEqual(straight.state);
  });
});

describe('evaluateAlert: speed', () => {
  it('evaluates 100,000 alerts against a new minute bar well under a second', () => {
    const bar = [{ time: T0, open: 102, high: 102.5, low: 101.6, close: 102.2 }];
    const start = { ...initialAlertState(), evaluatedThrough: T0 };
    const t = performance.now();
    let events = 0;
    for (let i = 0; i < 100_000; i++) {
      const r = evaluateAlert({ ...LEVELS, buyRangeHigh: 101 + (i % 3) * 0.4 }, start, bar, T0 + M);
      events += r.events.length;
    }
    const ms = performance.now() - t;
    expect(events).toBeGreaterThan(0);
    expect(ms).toBeLessThan(1000);
  });
});
