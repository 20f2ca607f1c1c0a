import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Quote, UserEvent } from '@drat/contracts';
import { loadQuote, loadQuotes, quoteKeys } from './quotes';
import { liveClient, type LiveStatus } from './client';
import { quoteStore } from './quoteStore';

/** Keeps the shared WebSocket open while `token` is set (mounted once, in the signed-in shell). */
export function useLiveConnection(token: string | null | undefined): void {
  useEffect(() => {
    if (!token) return;
    liveClient.connect(token);
    return () => liveClient.disconnect();
  }, [token]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    useCallback((l: () => void) => liveClient.onStatus(l), []),
    () => liveClient.getStatus(),
  );
}

/** Calls `handler` for each user event of `kind` ('*' for every kind) while mounted. */
export function useUserEvents(kind: string, handler: (event: UserEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveClient.onEvent(kind, (e) => latest.current(e)), [kind]);
}

const normalise = (tickers: readonly string[]) => [
  ...new Set(tickers.map((t) => t.trim().toUpperCase()).filter(Boolean)),
];

/** The same array for the same tickers, whatever the caller's array identity. */
function useSymbols(tickers: readonly string[]): string[] {
  const key = normalise(tickers).join(',');
  return useMemo(() => (key ? key.split(',') : []), [key]);
}

/** Subscribes the WebSocket to `tickers` while mounted (reference-counted across the app). */
export function useLiveTickers(tickers: readonly string[]): void {
  const symbols = useSymbols(tickers);
  useEffect(() => (symbols.length ? liveClient.retain(symbols) : undefined), [symbols]);
}

/**
 * The latest quote for `ticker`: read once over HTTP (batched with other tickers asked for at the
 * same moment), then kept current by the WebSocket. Undefined while loading or for an unknown ticker.
 */
export function useQuote(ticker: string | null | undefined): Quote | undefined {
  const symbol = (ticker ?? '').trim().toUpperCase();
  useLiveTickers(symbol ? [symbol] : []);
  const seed = useQuery({
    queryKey: quoteKeys.quote(symbol),
    queryFn: () => loadQuote(symbol),
    enabled: symbol.length > 0,
    staleTime: 60_000,
  });
  const live = useSyncExternalStore(
    useCallback((l: () => void) => (symbol ? quoteStore.subscribe([symbol], l) : () => undefined), [symbol]),
    () => (symbol ? quoteStore.get(symbol) : undefined),
  );
  return live ?? seed.data ?? undefined;
}

export interface UseQuotesOptions {
  /** Read the quotes over HTTP first (default). Off when the caller's own read already seeded them. */
  fetch?: boolean;
}

/** Latest quotes by symbol for `tickers` (missing while unknown), live like useQuote. */
export function useQuotes(tickers: readonly string[], { fetch = true }: UseQuotesOptions = {}): Record<string, Quote> {
  const symbols = useSymbols(tickers);
  useLiveTickers(symbols);
  useQuery({
    queryKey: quoteKeys.quotes(symbols),
    queryFn: () => loadQuotes(symbols),
    enabled: fetch && symbols.length > 0,
    staleTime: 60_000,
  });
  const cache = useRef<{ symbols: string[]; refs: (Quote | undefined)[]; value: Record<string, Quote> } | null>(null);
  const subscribe = useCallback((l: () => void) => quoteStore.subscribe(symbols, l), [symbols]);
  const snapshot = useCallback(() => {
    const refs = symbols.map((s) => quoteStore.get(s));
    const c = cache.current;
    if (c && c.symbols === symbols && c.refs.every((r, i) => r === refs[i])) return c.value;
    const value: Record<string, Quote> = {};
    refs.forEach((q, i) => {
      if (q) value[symbols[i]!] = q;
    });
    cache.current = { symbols, refs, value };
    return value;
  }, [symbols]);
  return useSyncExternalStore(subscribe, snapshot);
}
