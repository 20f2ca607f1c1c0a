/**
 * What the api project's global set-up hands to every test file (vitest `provide` / `inject`).
 * Imported by both sides so the keys are typed once.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's embedded PostgreSQL, on its maintenance database `drat`. */
    adminDatabaseUrl: string;
    /** This run's temp folder (removed at teardown); test apps keep their files under it. */
    testRunDir: string;
  }
}

/** Migrated, catalogue-seeded database with pg-boss's schema, copied for each test file. */
export const TEMPLATE_DATABASE = 'drat_template';

/** The same server with another database name in the path. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
