import { SYSTEM_MSG, type HealthResponse, type HealthUnavailable } from '@drat/contracts';
import type { HealthRepo } from './health.repo';

/** How long the database may take to answer before the server says it is unavailable. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export type HealthReport = { ok: true; body: HealthResponse } | { ok: false; body: HealthUnavailable };

/** GET /api/health: asks the database for `select 1`, at most HEALTH_DATABASE_TIMEOUT_MS. */
export function createHealthService(repo: HealthRepo, timeoutMs = HEALTH_DATABASE_TIMEOUT_MS) {
  return {
    async check(): Promise<HealthReport> {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      try {
        const answer = await Promise.race([repo.ping().then(() => 'ok' as const), timeout]);
        if (answer === 'ok') {
          const ms = Math.round((performance.now() - started) * 10) / 10;
          return { ok: true, body: { status: 'ok', database: 'ok', database_ms: ms } };
        }
      } catch {
        // Unreachable, refused, or the pool is gone: said below.
      } finally {
        clearTimeout(timer);
      }
      return {
        ok: false,
        body: { detail: SYSTEM_MSG.databaseUnreachable, status: 'unavailable', database: 'unreachable' },
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
