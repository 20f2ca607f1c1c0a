import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './request-log';

/** A pino logger writing its lines here, and how many children were made of it. */
function parent(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let children = 0;
  // Counted on the parent; its children inherit the count but make theirs of themselves (`this`).
  const child = log.child;
  log.child = function (this: typeof log, ...args: Parameters<typeof child>) {
    children += 1;
    return child.apply(this, args);
  } as typeof log.child;
  return { log, lines, children: () => children };
}

describe("a request's logger", () => {
  it('makes no pino child for a request that logs nothing', () => {
    const p = parent();
    for (let i = 0; i < 100; i++) requestLogger(p.log, { reqId: `req-${i}` }, {});
    expect(p.children()).toBe(0);
  });

  it("writes with the request's id bound, making its child once, at the first line", () => {
    const p = parent();
    const log = requestLogger(p.log, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.info({ route: '/api/x' }, 'first');
    log.error(new Error('boom'), 'second');
    log.debug('not at this level');
    expect(p.children()).toBe(1);
    // A line under the level makes no child either.
    const quiet = requestLogger(p.log, { reqId: 'req-8' }, {});
    quiet.debug('nothing');
    quiet.trace('nothing');
    expect(p.children()).toBe(1);
    expect(p.lines).toMatchObject([
      { reqId: 'req-7', route: '/api/x', msg: 'first', level: 30 },
      { reqId: 'req-7', msg: 'second', level: 50, err: { message: 'boom' } },
    ]);
  });

  it('its level follows the parent until it is set, and a child of it keeps the id', () => {
    const p = parent('warn');
    const log = requestLogger(p.log, { reqId: 'req-9' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    log.debug('now written');
    log.child({ part: 'inner' }).warn('from a child');
    expect(p.lines).toMatchObject([
      { reqId: 'req-9', msg: 'now written', level: 20 },
      { reqId: 'req-9', part: 'inner', msg: 'from a child', level: 40 },
    ]);
  });

  it("a route's own log level counts before anything is written", () => {
    const p = parent('info');
    const log = requestLogger(p.log, { reqId: 'req-10' }, { level: 'error' });
    expect(log.level).toBe('error');
    log.warn('under the route level');
    expect(p.children()).toBe(0);
    log.error('written');
    expect(p.lines).toMatchObject([{ reqId: 'req-10', msg: 'written', level: 50 }]);
  });
});
