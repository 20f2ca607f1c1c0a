export { createTradierMarket, type TradierMarket, type TradierMarketOptions } from './provider';
export { DEFAULT_TRADIER_UNIVERSE } from './universe';
