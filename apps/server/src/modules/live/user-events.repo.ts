import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';

/** PostgreSQL NOTIFY: what user events travel on between server processes. */
export function userEventsRepo(db: Db) {
  return {
    /** NOTIFYs `payload` on `channel`; inside `tx`, it is delivered only if that transaction commits. */
    async notify(channel: string, payload: string, tx?: Tx): Promise<void> {
      await runnerOf(db, tx).execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
}
export type UserEventsRepo = ReturnType<typeof userEventsRepo>;
