import { describe, expect, it } from 'vitest';
import { markersOf } from './ReplayButton';

const HOUR = 3600;
const bars = [{ time: 1000 * HOUR }, { time: 1001 * HOUR }, { time: 1002 * HOUR }];
const colors = { up: 'green', down: 'red' };

describe('the replay chart marks each execution on its bar', () => {
  it('a buy under the bar it happened in, a sell over it', () => {
    const markers = markersOf(
      bars,
      [
        { at: (1001 * HOUR + 1800) * 1000, label: 'buy_range_1', side: 'buy', qty: 3, price: 9.5 },
        { at: 1002 * HOUR * 1000, label: 'buy_range_1', side: 'sell', qty: 3, price: 12 },
      ],
      colors,
    );
    expect(markers.map((m) => [m.time, m.position, m.shape, m.color])).toEqual([
      [1001 * HOUR, 'belowBar', 'arrowUp', 'green'],
      [1002 * HOUR, 'aboveBar', 'arrowDown', 'red'],
    ]);
    expect(markers[0]!.text).toBe('Buy 3 @ 9.50');
  });

  it('an execution before the first bar has no marker', () => {
    expect(markersOf(bars, [{ at: 0, label: 'x', side: 'buy', qty: 1, price: 1 }], colors)).toEqual([]);
  });
});
