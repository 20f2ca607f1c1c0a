/**
 * Trigger notes and their classification (1-core §4 "Trigger classification from the note text").
 *
 * The web colours, icons and sorts triggers by keywords of the note, checked in this order:
 * 'buy range' → buy range (br); '+', 'profit' or '500' → profit (ph); 'target' → target (th);
 * 'loss' or '-' → stop loss (sl). Notes are written so that each classifies as its event:
 * - BUY_RANGE: says 'buy range' (checked first, so prices and signs after it do not matter);
 * - TARGET_1 / TARGET_2 in profit: 'Target 1' / 'Target 2' with '+x.xx% profit' → ph;
 *   below the alert price (possible when the alert price was above the target): no '+', no
 *   'profit', no number that could contain '500' → th;
 * - STOP: 'Stop loss' and never '+', 'profit', 'target' or a price (a price such as 1500.00 would
 *   contain '500'); a loss in percent (always under 100%), and no number when the stop is over the
 *   alert price → sl;
 * - EXPIRED: '+x.xx% profit' → ph, or 'at a loss of -x.xx%' → sl.
 * Percents are written with two decimals, and a loss is never beyond -100%, so '-x.xx%' cannot
 * contain '500'. Only the buy-range note shows prices; a trigger carries its price in last_price.
 */
import type { AlertLevels, AlertTriggerKind } from './lifecycle';

/** The classification itself lives once, in the contracts the web app reads too. */
import type { TriggerNoteClass } from '@drat/contracts';
export { classifyTriggerNote } from '@drat/contracts';
export type TriggerClass = TriggerNoteClass;

/** Whether a P/L percent reads as a profit once written with two decimals (-0.004% reads +0.00%). */
export function isProfitPercent(plPercent: number): boolean {
  return Math.round(plPercent * 100) / 100 >= 0;
}

/** The class a trigger of `kind` must show: profit or not decides targets and expiry. */
export function expectedTriggerClass(kind: AlertTriggerKind, plPercent: number): TriggerClass {
  switch (kind) {
    case 'BUY_RANGE':
      return 'br';
    case 'TARGET_1':
    case 'TARGET_2':
      return isProfitPercent(plPercent) ? 'ph' : 'th';
    case 'STOP':
      return 'sl';
    case 'EXPIRED':
      return isProfitPercent(plPercent) ? 'ph' : 'sl';
  }
}

/** A price with two decimals, or four below $1 (OTC). */
export function notePrice(price: number): string {
  return Math.abs(price) < 1 ? price.toFixed(4) : price.toFixed(2);
}

/** '+3.25%' or '-1.50%'. */
export function notePercent(percent: number): string {
  const r = Math.round(percent * 100) / 100;
  return `${r >= 0 ? '+' : '-'}${Math.abs(r).toFixed(2)}%`;
}

export interface TriggerNoteInput {
  ticker: string;
  levels: Pick<AlertLevels, 'buyRangeLow' | 'buyRangeHigh'>;
  /** The price of the event. */
  price: number;
  /** P/L of that price against the alert price, in percent. */
  plPercent: number;
}

/** The note of a trigger (see the file comment for the words each kind must and must not use). */
export function triggerNote(kind: AlertTriggerKind, { ticker, levels, price, plPercent }: TriggerNoteInput): string {
  const loss = `${Math.abs(Math.round(plPercent * 100) / 100).toFixed(2)}%`;
  const inProfit = isProfitPercent(plPercent);
  switch (kind) {
    case 'BUY_RANGE':
      return `${ticker} traded in the buy range (${notePrice(levels.buyRangeLow)} to ${notePrice(levels.buyRangeHigh)}) at ${notePrice(price)}: the alert is entered.`;
    case 'TARGET_1':
      return inProfit
        ? `Target 1 reached: ${ticker} ${notePercent(plPercent)} profit. Half of the alert is closed.`
        : `Target 1 reached: ${ticker} is ${loss} under the alert price. Half of the alert is closed.`;
    case 'TARGET_2':
      return inProfit
        ? `Target 2 reached: ${ticker} ${notePercent(plPercent)} profit. The alert is completed.`
        : `Target 2 reached: ${ticker} is ${loss} under the alert price. The alert is completed.`;
    case 'STOP':
      return inProfit
        ? `Stop loss hit: ${ticker} exited at the stop, over the alert price. The alert is closed.`
        : `Stop loss hit: ${ticker} closed at a loss of -${loss}. The alert is closed.`;
    case 'EXPIRED':
      return inProfit
        ? `Options alert expired: ${ticker} closed at ${notePercent(plPercent)} profit.`
        : `Options alert expired: ${ticker} closed at a loss of -${loss}.`;
  }
}
