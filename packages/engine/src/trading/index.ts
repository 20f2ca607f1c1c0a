export * from './types';
export { step, gatedBy } from './step';
export { plan, clientOrderId, heldOf } from './plan';
export { applyUpdate, isLive, TERMINAL } from './orders';
export { conditionHolds, actionPrice, indicatorKey } from './conditions';
export * from './create';
export { createTradeBook, watchesOf, type TradeBook, type Watch } from './book';
export { strategyInstrument, STRATEGIES, type Strategy, type StrategyLegs } from './strategies';
export { replay, type ReplayBar, type ReplayExecution, type ReplayResult } from './replay';
