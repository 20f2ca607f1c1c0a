export { createTradierMarket, type TradierMarket, type TradierMarketOptions } from './provider';
export { TradierError, isTradierError, type TradierErrorCode } from './errors';
export { DEFAULT_TRADIER_UNIVERSE } from './universe';
