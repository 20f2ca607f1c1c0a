export { liveClient, backoffDelay, type LiveStatus } from './client';
export { quoteStore } from './quoteStore';
export {
  useLiveConnection,
  useLiveStatus,
  useLiveTickers,
  useQuote,
  useQuotes,
  useUserEvents,
  type UseQuotesOptions,
} from './hooks';
