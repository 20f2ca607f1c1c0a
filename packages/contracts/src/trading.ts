/**
 * Trading (2-trading): so far the demo/live trading mode (§4 "Trade mode"). Smart trades, brokers
 * and the demo account are added here.
 */
import { z } from 'zod';
import { messageSchema, operation } from './operation';

/** POST /livetrading/deauthorize/: the broker is named by the web app; it is not read. */
export const deauthorizeBody = z.object({ broker: z.string().max(40).optional() }).optional();

/** POST /livetrading/deauthorize/: the user is a demo trader from now on. */
export const deauthorizeReplySchema = messageSchema.extend({
  is_live_trader: z.literal(false),
  is_demo_trader: z.literal(true),
});
export type DeauthorizeReply = z.infer<typeof deauthorizeReplySchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/** Live or demo trading (2-trading §4). Signed-in only. */
export const TRADING_API = {
  deauthorize: operation({
    method: 'POST',
    path: '/livetrading/deauthorize/',
    operationId: 'deauthorizeBroker',
    summary: 'Withdraw broker access and trade on the demo account',
    tag: 'trading',
    body: deauthorizeBody,
    response: deauthorizeReplySchema,
    errors: [400, 401],
  }),
} as const;
