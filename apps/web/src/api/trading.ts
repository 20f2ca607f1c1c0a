import type { DeauthorizeReply } from '@drat/contracts';
import { api } from './client';

/** Trading (2-trading §7): one function per endpoint. */

/** Withdraws broker access: the user trades on the demo account from now on. */
export const deauthorize = () => api.post<DeauthorizeReply>('/livetrading/deauthorize/', { broker: 'tradier' });
