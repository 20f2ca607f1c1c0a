import { describe, expect, it } from 'vitest';
import { UNKNOWN_PRICE } from '@drat/contracts';
import { livePrice, optionMark } from './quotes';

describe('prices off a quote', () => {
  it('a stock: the last trade, else the exact mid, else unknown', () => {
    expect(livePrice({ last: 190.55, bid: 190.5, ask: 190.6 })).toBe(190.55);
    expect(livePrice({ last: 0, bid: 0.1, ask: 0.2 })).toBe(0.15);
    expect(livePrice({ last: 0, bid: 1.00005, ask: 1.0001 })).toBe(1.0001);
    expect(livePrice({ last: 0, bid: 0, ask: 5 })).toBe(UNKNOWN_PRICE);
  });
  it('an option: the mid of a two-sided market, else the last trade, else 0', () => {
    expect(optionMark({ bid: 2.1, ask: 2.2, last: 2.5 })).toBe(2.15);
    expect(optionMark({ bid: 2.3, ask: 2.2, last: 2.5 })).toBe(2.5);
    expect(optionMark({ bid: 0, ask: 0, last: 0 })).toBe(0);
  });
});
