/**
 * Trading (2-trading): so far the demo/live trading mode (trading-mode.*). Smart trades, the
 * paper broker and live brokers are built here, in the alert area's shape (docs/architecture.md).
 */
import type { FastifyInstance } from 'fastify';
import type { UsersRepo } from '../users';
import { tradingModeRoutes } from './trading-mode.routes';
import { createTradingModeService } from './trading-mode.service';

export function createTrading({ users }: { users: UsersRepo }) {
  return { mode: createTradingModeService(users) };
}
export type TradingArea = ReturnType<typeof createTrading>;

export async function registerTradingRoutes(api: FastifyInstance, trading: TradingArea): Promise<void> {
  await api.register(tradingModeRoutes, { tradingMode: trading.mode });
}
