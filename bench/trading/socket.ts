/**
 * What the trading benches share: percentiles, and a signed-in user's WebSocket (/api/ws) that
 * notes when each trade is heard OPEN (TRADE_EVENT), with the time.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** Nearest-rank percentile of sorted values. */
export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
export function stats(values: number[]) {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, p50: pct(s, 0.5), p90: pct(s, 0.9), p99: pct(s, 0.99), max: s.at(-1) ?? NaN, mean };
}
export type Stats = ReturnType<typeof stats>;
export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');

/* ---- The socket ------------------------------------------------------------------------------ */

interface Heard {
  /** performance.now() and Date.now() when the socket heard the trade OPEN. */
  openAt: number;
  openWall: number;
  events: number;
}

/** The measured user's WebSocket: every TRADE_EVENT heard, by trade id. */
export async function openSocket(base: string, token: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
  const heard = new Map<number, Heard>();
  const waiting = new Map<number, () => void>();
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the socket closed (${code}) before it was ready`)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const wall = Date.now();
      const m = JSON.parse(data.toString()) as {
        type: string;
        event?: { kind: string; payload: { id?: number; status?: string } | null };
      };
      if (m.type === 'ready') resolve();
      if (m.type !== 'event' || m.event?.kind !== 'trade' || typeof m.event.payload?.id !== 'number') return;
      const id = m.event.payload.id;
      const h = heard.get(id) ?? { openAt: NaN, openWall: NaN, events: 0 };
      h.events += 1;
      if (m.event.payload.status === 'OPEN' && Number.isNaN(h.openAt)) {
        h.openAt = at;
        h.openWall = wall;
        waiting.get(id)?.();
      }
      heard.set(id, h);
    });
  });
  await ready;
  return {
    /** Resolves when the trade was heard OPEN (perhaps already), or after `timeout` ms. */
    open(id: number, timeout: number): Promise<Heard | null> {
      const h = heard.get(id);
      if (h && !Number.isNaN(h.openAt)) return Promise.resolve(h);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, timeout);
        waiting.set(id, () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(heard.get(id)!);
        });
      });
    },
    close: () => socket.close(),
  };
}
export type Socket = Awaited<ReturnType<typeof openSocket>>;
