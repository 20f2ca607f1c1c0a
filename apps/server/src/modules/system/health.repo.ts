import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The database's answer to the health check. */
export function healthRepo(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepo = ReturnType<typeof healthRepo>;
