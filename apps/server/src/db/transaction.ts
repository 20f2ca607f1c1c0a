import type { Db } from './client';

/** What drizzle hands to `db.transaction(fn)`: runs queries inside that transaction. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The pool or an open transaction: what a repository runs its queries on. */
export type Runner = Db | DbTransaction;

declare const TX: unique symbol;

/**
 * An open transaction as a service sees it: opaque. A service never runs SQL; it passes `tx` on
 * to the repository methods (of its own area, or to the outbox or live events of another) whose
 * writes must commit together, and each repository runs its queries on it (`runnerOf`).
 */
export interface Tx {
  readonly [TX]: true;
}

/** Runs `fn` in one transaction: everything written through its `tx` commits together, or nothing does. */
export type WithTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The seam services get (from the composition root) to write several tables atomically. */
export function transactions(db: Db): WithTransaction {
  return (fn) => db.transaction((inner) => fn(inner as unknown as Tx));
}

/** In a repository: what to run a query on, the open transaction `tx` when given, else the pool. */
export function runnerOf(db: Db, tx?: Tx): Runner {
  return tx === undefined ? db : (tx as unknown as DbTransaction);
}
