import { tickerField } from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';

/** What the server would say of a typed ticker (contracts' tickerField), or null when it passes. */
export const tickerProblem = (value: string): string | null => zodMessage(tickerField, value);
