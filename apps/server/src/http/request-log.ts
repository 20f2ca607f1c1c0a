import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

type Bindings = Record<string, unknown>;
type Log = (...args: unknown[]) => void;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger (`request.log`), with the request's id bound. Fastify makes one for every
 * request; most requests log nothing (request logging is off unless debugging, and errors are
 * logged by the error handler), so the pino child behind it is made by the first line it writes,
 * not for each request.
 */
class RequestLogger {
  #real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  /** The pino child, made now if it was not yet. */
  real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  /** The level it writes at: its own (a route's `logLevel`), else its parent's. */
  get level(): string {
    return this.#real?.level ?? (this.options as { level?: string }).level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}
/** pino's numbers of the levels, from its own table (`silent` is above them all). */
const VALUES: Record<string, number> = { ...pino.levels.values, silent: Infinity };
for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      // A line under the level is not written: no child is made for it.
      if (level === 'silent' || VALUES[level]! < VALUES[this.level]!) return;
      const real = this.real();
      (real[level] as Log).apply(real, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: each request's logger, its pino child made when first used. */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
