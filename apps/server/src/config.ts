import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { sealingKey } from './core/sealed';

const FLAG_VALUES = ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''] as const;
const flag = (fallback: boolean) =>
  z
    .enum(FLAG_VALUES)
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Checked here, resolved below: its default depends on DATABASE_URL. */
  DEMO_SEED: z.enum(FLAG_VALUES).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('DRAT <no-reply@drat.local>'),
  /** Where people write for help and renewals (the renewal page shows it). */
  SUPPORT_EMAIL: z.string().email().optional(),
  /** The one staff account that may change user data (3-bots-admin-public §6); other super users view it. */
  USER_DATA_STAFF_EMAIL: z.string().email().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Host names besides localhost and PUBLIC_URL's that requests may name (http/hosts.ts). */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx): string[] => {
      const names = (v ?? '')
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean);
      const bad = names.find((n) => !/^\.?(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/.test(n));
      if (bad === undefined) return names;
      ctx.addIssue({
        code: 'custom',
        message: `'${bad}' is not a host name: give names without scheme or port, separated by commas (drat.example.com,.example.org)`,
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: flag(true),
  /** The proxies in front whose X-Forwarded-For is believed: a hop count or their addresses; never "anyone". */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const text = (v ?? '').trim().toLowerCase();
      if (['', '0', 'off', 'false', 'no'].includes(text)) return false;
      if (/^\d+$/.test(text)) return Number(text);
      const addresses = text.split(',').map((a) => a.trim());
      const isAddress = (a: string) => {
        const [ip, bits, extra] = a.split('/');
        const family = net.isIP(ip ?? '');
        const max = family === 6 ? 128 : 32;
        return (
          family !== 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max))
        );
      };
      if (addresses.every(isAddress)) return addresses;
      ctx.addIssue({
        code: 'custom',
        message:
          'give the number of proxies in front of the server (1) or their addresses (10.0.0.2,10.1.0.0/16); "true" would believe any client that says where it comes from',
      });
      return z.NEVER;
    }),
  /** How long read caches (alert pages, tracked alerts, plans) keep an entry; 0 turns them off. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** A connection the database does not hand out within this fails the request (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PostgreSQL cancels a statement that runs longer (ms; migrations are not limited). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** The most connections this process's pool opens (pg-boss's 4 and the LISTEN connection come on top). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  MARKET_DATA: z.enum(['sim', 'tradier']).default('sim'),
  TRADIER_TOKEN: z.string().min(1).optional(),
  TRADIER_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides Tradier's address (tests point it at a local server speaking Tradier's API). */
  TRADIER_BASE_URL: z.string().url().optional(),
  /** Tradier as a broker (OAuth): the application's client id and secret (2-trading §2.7). */
  TRADIER_CLIENT_ID: z.string().min(1).optional(),
  TRADIER_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where traders authorize DRAT (default https://api.tradier.com/v1/oauth/authorize). */
  TRADIER_AUTHORIZE_URL: z.string().url().optional(),
  /** Alpaca as a broker (OAuth, or a trader's own API keys): the OAuth application's id and secret. */
  ALPACA_CLIENT_ID: z.string().min(1).optional(),
  ALPACA_CLIENT_SECRET: z.string().min(1).optional(),
  /** Which Alpaca accounts traders connect: paper or live. */
  ALPACA_ENV: z.enum(['paper', 'live']).default('paper'),
  /** Overrides the Trading API's address (tests point it at a local server speaking Alpaca's API). */
  ALPACA_BASE_URL: z.string().url().optional(),
  ALPACA_AUTHORIZE_URL: z.string().url().default('https://app.alpaca.markets/oauth/authorize'),
  ALPACA_TOKEN_URL: z.string().url().default('https://api.alpaca.markets/oauth/token'),
  /** Seals broker access tokens at rest: 32 random bytes, base64 or hex (`openssl rand -base64 32`). */
  BROKER_TOKEN_KEY: z.string().min(1).optional(),
  SIM_MARKET_ALWAYS_OPEN: z.enum(FLAG_VALUES).optional(),
  SIM_SPEED: z.coerce.number().positive().max(10_000).default(1),
  SIM_SEED: z.string().min(1).default('drat'),
  FILINGS: z.enum(['sim', 'edgar']).default('sim'),
  /** SEC's fair-access rules ask for "Company name contact@example.com" on every EDGAR request. */
  SEC_USER_AGENT: z.string().trim().min(1).optional(),
  /** Overrides data.sec.gov and www.sec.gov (tests point them at a local server speaking EDGAR's API). */
  EDGAR_BASE_URL: z.string().url().default('https://data.sec.gov'),
  EDGAR_FILES_URL: z.string().url().default('https://www.sec.gov'),
  /** Headlines of the news page: the simulated market's, or Alpaca's news API (Benzinga). */
  NEWS: z.enum(['sim', 'alpaca']).default('sim'),
  /** A market-data key pair DRAT owns (Alpaca's data API takes no account's OAuth token). */
  ALPACA_DATA_KEY_ID: z.string().min(1).optional(),
  ALPACA_DATA_SECRET_KEY: z.string().min(1).optional(),
  /** Overrides https://data.alpaca.markets (tests point it at a local server speaking the API). */
  ALPACA_DATA_URL: z.string().url().default('https://data.alpaca.markets'),
  /** Who takes payments: DRAT's own offline test checkout (default), or Stripe Checkout. */
  PAYMENTS: z.enum(['local', 'stripe']).optional(),
  /** Stripe's secret API key (sk_live_… or sk_test_…) and the webhook endpoint's signing secret (whsec_…). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Overrides https://api.stripe.com (tests point it at a local server speaking Stripe's API). */
  STRIPE_API_URL: z.string().url().optional(),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** S3-compatible endpoint; AWS's regional one when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where people fetch stored files; `${S3_ENDPOINT}/${S3_BUCKET}` when unset. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * Signs the links to resource files this server serves (disk storage). Unset: one is made once
   * and kept in DATA_DIR (media-link.secret), which every process sharing the uploads shares too.
   */
  MEDIA_LINK_SECRET: z
    .string()
    .min(32, 'give at least 32 random characters, for example from `openssl rand -base64 48`')
    .optional(),
  /** Seals the signal webhooks' secrets (32 bytes, base64 or hex). Unset: made once, kept in DATA_DIR. */
  SIGNAL_SECRET_KEY: z.string().min(32, 'give 32 random bytes as base64 or hex (`openssl rand -base64 32`)').optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number in E.164 form, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'a phone number such as +14155550123, or a Messaging Service SID (MG…)',
    )
    .optional(),
  /** Overrides Twilio's address (tests point it at a local server speaking Twilio's API). */
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
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
  /** Shown to people who need help or a renewal; null when none is set (and no demo). */
  supportEmail: string | null;
  /** The staff account that uploads, exports everything, deletes in bulk and decides user-data changes. */
  userDataStaffEmail: string | null;
  publicUrl: string;
  /** Host names requests may name besides localhost and PUBLIC_URL's (`.example.com`: any under it). */
  allowedHosts: string[];
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  workers: boolean;
  /** Whose X-Forwarded-For is believed: nobody (false), the nearest N proxies, or these addresses. */
  trustProxy: false | number | string[];
  /** Longest life of a read-cache entry (changes are forgotten at once through the change feed); 0: off. */
  readCacheMs: number;
  /** How long the database may take to give a connection and to run a statement (ms). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /** The most connections this process's pool opens (the job queue and LISTEN take 5 more). */
  databasePoolSize: number;
  market: {
    provider: 'sim' | 'tradier';
    tradier: { token: string; baseUrl: string } | undefined;
    sim: { alwaysOpen: boolean; speed: number; seed: string };
  };
  /**
   * Brokers traders may connect besides the simulated brokerage (always offered), and the key that
   * seals their tokens at rest.
   */
  brokerage: {
    tokenKey: string | undefined;
    tradier: { clientId: string; clientSecret: string; baseUrl: string; authorizeUrl: string } | undefined;
    alpaca:
      | {
          clientId: string;
          clientSecret: string;
          env: 'paper' | 'live';
          baseUrl: string;
          authorizeUrl: string;
          tokenUrl: string;
        }
      | undefined;
  };
  /** SEC filings and 10-K figures (Ask DRAT): generated for the simulated universe, or SEC EDGAR. */
  filings: {
    provider: 'sim' | 'edgar';
    edgar: { userAgent: string; baseUrl: string; filesUrl: string } | undefined;
  };
  /** The news page's headlines: the simulated market's, or Alpaca's news API. */
  news: {
    provider: 'sim' | 'alpaca';
    alpaca: { baseUrl: string; keyId: string; secretKey: string } | undefined;
  };
  /** Who takes payments (3-bots-admin-public §7 checkout): the local test checkout, or Stripe. */
  payments: {
    provider: 'local' | 'stripe';
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  };
  storage: {
    provider: 'disk' | 's3';
    s3:
      | {
          endpoint: string;
          bucket: string;
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
          publicUrl: string;
        }
      | undefined;
  };
  /** Signs links to resource files served from disk; kept in DATA_DIR when unset. */
  mediaLinkSecret?: string;
  /** Seals the signal webhooks' secrets at rest (32 bytes, base64 or hex); kept in DATA_DIR when unset. */
  signalKey?: string;
  /** SMS delivery: Twilio when configured, otherwise SMS stay in the outbox. */
  sms: { twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined };
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
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter((v) => v !== undefined).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    throw new Error(
      'Invalid configuration: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none of them.',
    );
  }
  if (e.STORAGE === 's3' && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }
  const s3Endpoint = (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, '');
  if (e.MARKET_DATA === 'tradier' && !e.TRADIER_TOKEN) {
    throw new Error('Invalid configuration: MARKET_DATA=tradier needs TRADIER_TOKEN.');
  }
  if (Boolean(e.TRADIER_CLIENT_ID) !== Boolean(e.TRADIER_CLIENT_SECRET)) {
    throw new Error('Invalid configuration: set TRADIER_CLIENT_ID and TRADIER_CLIENT_SECRET together, or neither.');
  }
  if (e.TRADIER_CLIENT_ID && !e.BROKER_TOKEN_KEY) {
    throw new Error(
      'Invalid configuration: Tradier as a broker (TRADIER_CLIENT_ID) needs BROKER_TOKEN_KEY to seal the access tokens.',
    );
  }
  if (Boolean(e.ALPACA_CLIENT_ID) !== Boolean(e.ALPACA_CLIENT_SECRET)) {
    throw new Error('Invalid configuration: set ALPACA_CLIENT_ID and ALPACA_CLIENT_SECRET together, or neither.');
  }
  if (e.ALPACA_CLIENT_ID && !e.BROKER_TOKEN_KEY) {
    throw new Error(
      'Invalid configuration: Alpaca as a broker (ALPACA_CLIENT_ID) needs BROKER_TOKEN_KEY to seal the access tokens and keys.',
    );
  }
  if (e.BROKER_TOKEN_KEY) sealingKey(e.BROKER_TOKEN_KEY);
  // The test checkout grants plans for a test card: a production server without the demo takes it only when asked by name.
  const payments = e.PAYMENTS ?? (e.NODE_ENV !== 'production' || demoSeed ? 'local' : undefined);
  if (payments === undefined) {
    throw new Error(
      'Invalid configuration: set PAYMENTS=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or PAYMENTS=local to run the offline test checkout on purpose (a test card then buys any plan).',
    );
  }
  if (e.PAYMENTS === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  if (e.NEWS === 'alpaca' && !(e.ALPACA_DATA_KEY_ID && e.ALPACA_DATA_SECRET_KEY)) {
    throw new Error('Invalid configuration: NEWS=alpaca needs ALPACA_DATA_KEY_ID and ALPACA_DATA_SECRET_KEY.');
  }
  if (e.FILINGS === 'edgar' && !e.SEC_USER_AGENT) {
    throw new Error('Invalid configuration: FILINGS=edgar needs SEC_USER_AGENT ("Company name contact@example.com").');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    demoSeed,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL ?? (demoSeed ? 'support@drat.local' : null),
    // The demo's super user, so a newcomer can try every part of the screen.
    userDataStaffEmail: (e.USER_DATA_STAFF_EMAIL ?? (demoSeed ? 'admin@drat.local' : null))?.toLowerCase() ?? null,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    allowedHosts: e.ALLOWED_HOSTS,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    readCacheMs: e.READ_CACHE_MS,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    market: {
      provider: e.MARKET_DATA,
      tradier: e.TRADIER_TOKEN
        ? {
            token: e.TRADIER_TOKEN,
            baseUrl:
              e.TRADIER_BASE_URL ??
              (e.TRADIER_ENV === 'production' ? 'https://api.tradier.com/v1' : 'https://sandbox.tradier.com/v1'),
          }
        : undefined,
      sim: { alwaysOpen: flag(demoSeed).parse(e.SIM_MARKET_ALWAYS_OPEN), speed: e.SIM_SPEED, seed: e.SIM_SEED },
    },
    brokerage: {
      tokenKey: e.BROKER_TOKEN_KEY,
      tradier:
        e.TRADIER_CLIENT_ID && e.TRADIER_CLIENT_SECRET
          ? {
              clientId: e.TRADIER_CLIENT_ID,
              clientSecret: e.TRADIER_CLIENT_SECRET,
              baseUrl:
                e.TRADIER_BASE_URL ??
                (e.TRADIER_ENV === 'production' ? 'https://api.tradier.com/v1' : 'https://sandbox.tradier.com/v1'),
              authorizeUrl: e.TRADIER_AUTHORIZE_URL ?? 'https://api.tradier.com/v1/oauth/authorize',
            }
          : undefined,
      alpaca:
        e.ALPACA_CLIENT_ID && e.ALPACA_CLIENT_SECRET
          ? {
              clientId: e.ALPACA_CLIENT_ID,
              clientSecret: e.ALPACA_CLIENT_SECRET,
              env: e.ALPACA_ENV,
              baseUrl:
                e.ALPACA_BASE_URL ??
                (e.ALPACA_ENV === 'live' ? 'https://api.alpaca.markets' : 'https://paper-api.alpaca.markets'),
              authorizeUrl: e.ALPACA_AUTHORIZE_URL,
              tokenUrl: e.ALPACA_TOKEN_URL,
            }
          : undefined,
    },
    filings: {
      provider: e.FILINGS,
      edgar: e.SEC_USER_AGENT
        ? { userAgent: e.SEC_USER_AGENT, baseUrl: e.EDGAR_BASE_URL, filesUrl: e.EDGAR_FILES_URL }
        : undefined,
    },
    payments: {
      provider: payments,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : undefined,
    },
    news: {
      provider: e.NEWS,
      alpaca:
        e.ALPACA_DATA_KEY_ID && e.ALPACA_DATA_SECRET_KEY
          ? { baseUrl: e.ALPACA_DATA_URL, keyId: e.ALPACA_DATA_KEY_ID, secretKey: e.ALPACA_DATA_SECRET_KEY }
          : undefined,
    },
    storage: {
      provider: e.STORAGE,
      s3:
        e.STORAGE === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: s3Endpoint,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              publicUrl: (e.S3_PUBLIC_URL ?? `${s3Endpoint}/${e.S3_BUCKET}`).replace(/\/+$/, ''),
            }
          : undefined,
    },
    mediaLinkSecret: e.MEDIA_LINK_SECRET,
    signalKey: e.SIGNAL_SECRET_KEY,
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
              baseUrl: e.TWILIO_BASE_URL,
            }
          : undefined,
    },
  };
}
