import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/harness';
import { connect } from './client';

/** A database that stops answering must fail requests in time, not hold them and their connections. */
describe('database time limits', () => {
  it('cancels a statement that runs past the statement timeout', async () => {
    const t = await createTestApp();
    const database = connect(t.databaseUrl, 1, undefined, { connectMs: 5_000, statementMs: 200 });
    try {
      const started = Date.now();
      const err = (await database.db.execute(sql`select pg_sleep(2)`).catch((e: unknown) => e)) as {
        cause?: { code?: string };
        code?: string;
      };
      expect(err.code ?? err.cause?.code).toBe('57014'); // query_canceled
      expect(Date.now() - started).toBeLessThan(1_900);
      // The connection is still good for the next statement.
      expect((await database.db.execute(sql`select 1 as one`)).rows[0]).toEqual({ one: 1 });
    } finally {
      await database.close();
      await t.close();
    }
  });

  it('gives up connecting to a server that never answers', async () => {
    // A port that accepts connections and then says nothing, as a hung database would.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const database = connect(`postgres://nobody:x@127.0.0.1:${port}/none`, 1, undefined, {
      connectMs: 300,
      statementMs: 1_000,
    });
    try {
      const started = Date.now();
      const err = (await database.db.execute(sql`select 1`).catch((e: unknown) => e)) as Error & { cause?: Error };
      expect(err.cause?.message ?? err.message).toMatch(/timeout/i);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await database.close();
      silent.close();
    }
  });
});

describe('a connection ended by the server while it is in use', () => {
  it('fails what runs on it next, is told once, leaves the process running, and the pool carries on with a new one', async () => {
    const t = await createTestApp();
    const told: Error[] = [];
    const database = connect(t.databaseUrl, 2, (err) => told.push(err));
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      let next: unknown = 'not run';
      const ended = await database.db
        .transaction(async (tx) => {
          const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as [{ pid: number }];
          // Between two statements of the transaction the server ends it (a restart's fast shutdown
          // does this to every connection): the connection is checked out, so no pool listener hears it.
          await t.db.execute(sql`select pg_terminate_backend(${pid})`);
          await new Promise((r) => setTimeout(r, 300));
          next = await tx.execute(sql`select 1`).catch((e: unknown) => e);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(next).toBeInstanceOf(Error);
      expect(ended).toBe('failed');
      expect(unhandled).toEqual([]);
      // The server's notice, told once (pg also emits the connection's end after it).
      expect(told.map((e) => e.message)).toEqual([
        expect.stringMatching(/terminating connection due to administrator command/),
      ]);
      expect((await database.db.execute(sql`select 1 as one`)).rows[0]).toEqual({ one: 1 });
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
      await t.close();
    }
  });
});
