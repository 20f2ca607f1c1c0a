import type { Config } from '../../config';
import { createEdgarFilings } from './edgar';
import type { FilingsProvider } from './interface';
import { createSimFilings } from './sim';

export type { FilingsProvider } from './interface';

/** The filings provider chosen by FILINGS: filings generated for the simulated universe (default) or SEC EDGAR. */
export function createFilingsProvider(config: Config['filings'], deps: { now: () => Date }): FilingsProvider {
  if (config.provider === 'edgar') {
    if (!config.edgar) throw new Error('Invalid configuration: FILINGS=edgar needs SEC_USER_AGENT.');
    return createEdgarFilings(config.edgar);
  }
  return createSimFilings({ now: deps.now });
}
