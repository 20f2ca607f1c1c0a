import { describe, expect, it } from 'vitest';
import type { DioneAnalysisDto } from '@drat/contracts';
import { dioneLevels } from './levels';

const term = (buy: string, target: string) =>
  ({ 'Buy Range': buy, 'Target Range': target, 'Stop Loss': 240.5 }) as unknown as DioneAnalysisDto;

describe('Trade on a Dione result', () => {
  it("takes the term's buy range, target range and stop loss as the drawer's levels", () => {
    expect(dioneLevels('AAPL', term('245.81 - 249.15', '255.2 - 262'))).toEqual({
      ticker: 'AAPL',
      buy_range_low: 245.81,
      buy_range_high: 249.15,
      target_range_low: 255.2,
      target_range_high: 262,
      stop_loss: 240.5,
    });
  });

  it('offers no trade when a range is not two prices', () => {
    expect(dioneLevels('AAPL', term('—', '255.2 - 262'))).toBeNull();
    expect(dioneLevels('AAPL', term('245.81 - 249.15', '262'))).toBeNull();
  });
});
