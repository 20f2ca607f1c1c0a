/**
 * A bot's price rules (3-bots-admin-public §2.1): each entry's buy price (set_entry_prices: a sign,
 * a reference, an offset) and the stop loss (set_stop_loss_entry_price). Pure, exact decimals.
 */
import { dec, type Dec, type DecimalInput } from '../money/decimal';

/** The prices a rule may start from: the alert's buy ranges and stop, and the ticker's last price. */
export interface PriceReferences {
  lastPrice: DecimalInput;
  buyRange1: DecimalInput;
  buyRange2: DecimalInput;
  stopLoss: DecimalInput;
}

export interface PriceRule {
  sign: 'plus' | 'minus';
  reference: 'last_price' | 'buy_range_1' | 'buy_range_2' | 'stop_loss';
  /** At least 0 (§5). */
  offset: DecimalInput;
}

const REFERENCE: Record<PriceRule['reference'], keyof PriceReferences> = {
  last_price: 'lastPrice',
  buy_range_1: 'buyRange1',
  buy_range_2: 'buyRange2',
  stop_loss: 'stopLoss',
};

/** reference ± offset; null when that is not a positive price (no order can be placed at it). */
export function rulePrice(rule: PriceRule, refs: PriceReferences): Dec | null {
  const base = dec(refs[REFERENCE[rule.reference]]);
  const price = rule.sign === 'plus' ? base.plus(rule.offset) : base.minus(rule.offset);
  return price.gt(0) ? price : null;
}
