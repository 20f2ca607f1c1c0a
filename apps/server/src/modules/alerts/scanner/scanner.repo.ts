import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alerts } from '../../../db/schema/index';

/** What the demo scanner asks of the database. */
export function scannerRepo(db: Db) {
  return {
    /** Which of `externalIds` the publisher has already published. */
    async published(publisherId: number, externalIds: string[]): Promise<Set<string>> {
      if (externalIds.length === 0) return new Set();
      const rows = await db
        .select({ id: alerts.externalId })
        .from(alerts)
        .where(and(eq(alerts.publisherId, publisherId), inArray(alerts.externalId, externalIds)));
      return new Set(rows.map((r) => r.id!));
    },
  };
}
export type ScannerRepo = ReturnType<typeof scannerRepo>;
