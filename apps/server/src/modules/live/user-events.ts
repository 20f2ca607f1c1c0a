import type { UserEvent } from '@drat/contracts';
import type { Tx } from '../../db/transaction';
import type { UserEventsRepo } from './user-events.repo';

/**
 * User events travel between server processes over PostgreSQL LISTEN/NOTIFY: a publisher NOTIFYs
 * on one channel, every process LISTENs on a dedicated connection and hands the event to its own
 * WebSockets of that user. A NOTIFY sent inside a transaction is delivered only if it commits.
 */
export const USER_EVENTS_CHANNEL = 'drat_user_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: events carry ids, not documents. */
export const NOTIFY_MAX_BYTES = 7999;

/** What travels in the NOTIFY payload. */
interface Envelope {
  u: number;
  e: UserEvent;
}

export function encodeUserEvent(userId: number, event: UserEvent): string {
  const text = JSON.stringify({ u: userId, e: event } satisfies Envelope);
  const bytes = Buffer.byteLength(text);
  if (bytes > NOTIFY_MAX_BYTES) {
    throw new Error(
      `user event "${event.kind}" is ${bytes} bytes; NOTIFY carries at most ${NOTIFY_MAX_BYTES}: send ids, not documents`,
    );
  }
  return text;
}

export function decodeUserEvent(text: string): Envelope | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || !('u' in v) || !('e' in v)) return undefined;
    const { u, e } = v;
    if (typeof u !== 'number' || typeof e !== 'object' || e === null || !('kind' in e) || typeof e.kind !== 'string')
      return undefined;
    const at = 'at' in e && typeof e.at === 'string' ? e.at : new Date().toISOString();
    return { u, e: { kind: e.kind, payload: 'payload' in e ? e.payload : null, at } };
  } catch {
    return undefined;
  }
}

/** `publishUserEvent(userId, { kind, payload })`: every server process delivers it to that user's sockets. */
export function createUserEvents({ repo, now }: { repo: UserEventsRepo; now: () => Date }) {
  return {
    /** Inside `tx`, the event is sent only if that transaction commits. */
    async publishUserEvent(userId: number, event: { kind: string; payload?: unknown }, tx?: Tx): Promise<void> {
      const text = encodeUserEvent(userId, {
        kind: event.kind,
        payload: event.payload ?? null,
        at: now().toISOString(),
      });
      await repo.notify(USER_EVENTS_CHANNEL, text, tx);
    },
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;
