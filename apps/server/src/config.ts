import path from 'node:path';
import { z } from 'zod';

const FLAG_VALUES = ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''] as const;
const flag = (fallback: boolean) =>
  z
    .enum(FLAG_VALUES)
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Checked here, resolved below: its default depends on DATABASE_URL. */
  DEMO_SEED: z.enum(FLAG_VALUES).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('DRAT <no-reply@drat.local>'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: flag(true),
  TRUST_PROXY: flag(false),
  MARKET_DATA: z.enum(['sim', 'tradier']).default('sim'),
  TRADIER_TOKEN: z.string().min(1).optional(),
  TRADIER_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides Tradier's address (tests point it at a local server speaking Tradier's API). */
  TRADIER_BASE_URL: z.string().url().optional(),
  SIM_MARKET_ALWAYS_OPEN: z.enum(FLAG_VALUES).optional(),
  SIM_SPEED: z.coerce.number().positive().max(10_000).default(1),
  SIM_SEED: z.string().min(1).default('drat'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string; password: string } | undefined;
  demoSeed: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  workers: boolean;
  trustProxy: boolean;
  market: {
    provider: 'sim' | 'tradier';
    tradier: { token: string; baseUrl: string } | undefined;
    sim: { alwaysOpen: boolean; speed: number; seed: string };
  };
};

/** Every environment variable the server reads, parsed once (see the README's configuration table). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  }
  const demoSeed = flag(e.DATABASE_URL === undefined).parse(e.DEMO_SEED);
  if (e.MARKET_DATA === 'tradier' && !e.TRADIER_TOKEN) {
    throw new Error('Invalid configuration: MARKET_DATA=tradier needs TRADIER_TOKEN.');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    demoSeed,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    market: {
      provider: e.MARKET_DATA,
      tradier: e.TRADIER_TOKEN
        ? {
            token: e.TRADIER_TOKEN,
            baseUrl: e.TRADIER_BASE_URL ?? (e.TRADIER_ENV === 'production' ? 'https://api.tradier.com/v1' : 'https://sandbox.tradier.com/v1'),
          }
        : undefined,
      sim: { alwaysOpen: flag(demoSeed).parse(e.SIM_MARKET_ALWAYS_OPEN), speed: e.SIM_SPEED, seed: e.SIM_SEED },
    },
  };
}
