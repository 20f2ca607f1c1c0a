/**
 * Where DRAT's headlines come from. `sim` (default) writes them from the simulated market (its
 * movers and halts, with offerings, splits, FDA and crypto news drawn for its tickers, the same on
 * every run); `alpaca` reads Alpaca's news API (Benzinga's articles). Articles come newest first;
 * a failing source throws a ProviderError (providers/provider-error.ts).
 */
import type { Article } from '@drat/engine';

export type { Article } from '@drat/engine';

export interface NewsProvider {
  readonly name: 'sim' | 'alpaca';
  /** The newest `limit` articles published before `before` (all the newest when it is left out). */
  latest(limit: number, before?: Date): Promise<Article[]>;
}
