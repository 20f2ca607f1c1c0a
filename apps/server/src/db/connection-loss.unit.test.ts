import { describe, expect, it } from 'vitest';
import { isConnectionLoss, onUnhandledRejection } from './connection-loss';

const sys = (code: string, syscall = 'connect') => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
const pg = (code: string, message = 'pg error') => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows a refused, reset or timed-out connection, and a database socket that is gone', () => {
    expect(isConnectionLoss(sys('ECONNREFUSED'))).toBe(true);
    expect(isConnectionLoss(sys('ECONNRESET', 'read'))).toBe(true);
    expect(isConnectionLoss(sys('ETIMEDOUT'))).toBe(true);
    expect(isConnectionLoss(sys('ENOENT', 'connect'))).toBe(true);
  });

  it('knows PostgreSQL shutting down, crashing or starting, and its connection exceptions', () => {
    expect(isConnectionLoss(pg('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLoss(pg('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionLoss(pg('08006'))).toBe(true);
  });

  it('knows node-postgres’s words for a connection that ended, and a loss given as a cause', () => {
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionLoss(new Error('Failed query: select 1', { cause: sys('ECONNREFUSED') }))).toBe(true);
  });

  it('knows connect refused on every address (an AggregateError), but not a mix with something else', () => {
    expect(isConnectionLoss(new AggregateError([sys('ECONNREFUSED'), sys('ECONNREFUSED')]))).toBe(true);
    expect(isConnectionLoss(new AggregateError([sys('ECONNREFUSED'), new TypeError('x is undefined')]))).toBe(false);
  });

  it('does not take a bug, a bad query, or a missing file for a lost database', () => {
    expect(isConnectionLoss(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isConnectionLoss(pg('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionLoss(pg('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isConnectionLoss(sys('ENOENT', 'open'))).toBe(false);
    // A statement PostgreSQL could not take (more than 65,535 parameters) is a bug to see.
    expect(isConnectionLoss(pg('08P01', 'bind message has 70000 parameter formats but 0 parameters'))).toBe(false);
    // A broker or market call that failed (fetch's own error, ECONNREFUSED as its cause) is not the database.
    expect(isConnectionLoss(new TypeError('fetch failed', { cause: sys('ECONNREFUSED') }))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
    expect(isConnectionLoss('ECONNREFUSED')).toBe(false);
  });
});

describe('onUnhandledRejection', () => {
  const setup = () => {
    const said: string[] = [];
    const exits: number[] = [];
    const log = { warn: () => void said.push('warn'), fatal: () => void said.push('fatal') };
    return { said, exits, handle: onUnhandledRejection(log, (code) => void exits.push(code)) };
  };

  it('keeps the process running when the rejection is a lost database (pg-boss completing a job meanwhile)', () => {
    const { said, exits, handle } = setup();
    handle(sys('ECONNREFUSED'));
    handle(pg('57P01', 'terminating connection due to administrator command'));
    expect(exits).toEqual([]);
    expect(said).toEqual(['warn', 'warn']);
  });

  it('ends the process with 1 on any other unhandled rejection, as Node would', () => {
    const { said, exits, handle } = setup();
    handle(new TypeError('Cannot read properties of undefined'));
    expect(exits).toEqual([1]);
    expect(said).toEqual(['fatal']);
  });
});
