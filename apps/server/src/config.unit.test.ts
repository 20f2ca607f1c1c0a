import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    // Areas add their own settings; this checks the foundation's, with undefined ones present.
    expect(c).toMatchObject({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./.data'),
      databaseUrl: undefined,
      admin: undefined,
      demoSeed: true,
      smtpUrl: undefined,
      mailFrom: 'DRAT <no-reply@drat.local>',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      workers: true,
      trustProxy: false,
      readCacheMs: 3000,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/drat',
      DATABASE_URL: 'postgres://drat:secret@db.internal:5432/drat',
      ADMIN_EMAIL: 'Boss@Example.COM',
      ADMIN_PASSWORD: 'long-enough-1',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Alerts <alerts@example.com>',
      PUBLIC_URL: 'https://drat.example.com',
      LOG_LEVEL: 'debug',
      WORKERS: 'off',
      TRUST_PROXY: '1',
      READ_CACHE_MS: '0',
    });
    expect(c).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/drat',
      databaseUrl: 'postgres://drat:secret@db.internal:5432/drat',
      admin: { email: 'boss@example.com', password: 'long-enough-1' },
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Alerts <alerts@example.com>',
      publicUrl: 'https://drat.example.com',
      logLevel: 'debug',
      workers: false,
      trustProxy: 1,
      readCacheMs: 0,
    });
  });

  it('has a support address: the one set, the demo mailbox’s in a demo, none otherwise', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.com' }).supportEmail).toBe('help@example.com');
    expect(loadConfig({}).supportEmail).toBe('support@drat.local');
    expect(loadConfig({ DATABASE_URL: 'postgres://d:s@db:5432/drat', PAYMENTS: 'local' }).supportEmail).toBeNull();
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('offers Tradier as a broker only with its secret and a key to seal the tokens', () => {
    const key = 'ab'.repeat(32);
    expect(loadConfig({}).brokerage).toEqual({ tokenKey: undefined, tradier: undefined, alpaca: undefined });
    expect(() => loadConfig({ TRADIER_CLIENT_ID: 'id' })).toThrow(/TRADIER_CLIENT_SECRET together/);
    expect(() => loadConfig({ TRADIER_CLIENT_ID: 'id', TRADIER_CLIENT_SECRET: 's' })).toThrow(/needs BROKER_TOKEN_KEY/);
    expect(() => loadConfig({ BROKER_TOKEN_KEY: 'short' })).toThrow(/BROKER_TOKEN_KEY must be 32 random bytes/);
    expect(
      loadConfig({
        TRADIER_CLIENT_ID: 'id',
        TRADIER_CLIENT_SECRET: 's',
        BROKER_TOKEN_KEY: key,
        TRADIER_ENV: 'production',
      }).brokerage,
    ).toEqual({
      tokenKey: key,
      tradier: {
        clientId: 'id',
        clientSecret: 's',
        baseUrl: 'https://api.tradier.com/v1',
        authorizeUrl: 'https://api.tradier.com/v1/oauth/authorize',
      },
      alpaca: undefined,
    });
  });

  it('offers Alpaca as a broker only with its secret and a key to seal the tokens; paper accounts unless live', () => {
    const key = 'cd'.repeat(32);
    expect(() => loadConfig({ ALPACA_CLIENT_SECRET: 's' })).toThrow(/ALPACA_CLIENT_SECRET together/);
    expect(() => loadConfig({ ALPACA_CLIENT_ID: 'id', ALPACA_CLIENT_SECRET: 's' })).toThrow(/needs BROKER_TOKEN_KEY/);
    const paper = loadConfig({ ALPACA_CLIENT_ID: 'id', ALPACA_CLIENT_SECRET: 's', BROKER_TOKEN_KEY: key });
    expect(paper.brokerage.alpaca).toEqual({
      clientId: 'id',
      clientSecret: 's',
      env: 'paper',
      baseUrl: 'https://paper-api.alpaca.markets',
      authorizeUrl: 'https://app.alpaca.markets/oauth/authorize',
      tokenUrl: 'https://api.alpaca.markets/oauth/token',
    });
    const live = loadConfig({
      ALPACA_CLIENT_ID: 'id',
      ALPACA_CLIENT_SECRET: 's',
      BROKER_TOKEN_KEY: key,
      ALPACA_ENV: 'live',
    });
    expect(live.brokerage.alpaca).toMatchObject({ env: 'live', baseUrl: 'https://api.alpaca.markets' });
  });

  it('limits how long the database may take, unless told otherwise', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 10_000, statementMs: 30_000 });
    expect(
      loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).databaseTimeouts,
    ).toEqual({ connectMs: 2000, statementMs: 5000 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it('opens at most 20 database connections per process, unless told otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  it.each([
    ['', false],
    ['off', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 10.1.0.0/16,::1', ['10.0.0.2', '10.1.0.0/16', '::1']],
  ])('TRUST_PROXY=%j believes %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', 'on', 'everyone', '10.0.0.300', '10.0.0.0/40'])(
    'TRUST_PROXY=%s is refused: it would believe any client about its address',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: give the number of proxies/);
    },
  );

  it('refuses a read-cache life that is negative, fractional or over a minute', () => {
    for (const value of ['-1', '1.5', '60001', 'soon'])
      expect(() => loadConfig({ READ_CACHE_MS: value }), value).toThrow(/READ_CACHE_MS/);
  });

  it('reads ALLOWED_HOSTS as lower-case names, a leading dot for a whole domain', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' DRAT.example.com, .corp.example ,,[::2]' }).allowedHosts).toEqual([
      'drat.example.com',
      '.corp.example',
      '[::2]',
    ]);
  });

  it.each(['https://drat.example.com', 'drat.example.com:3000', 'drat.example.com/app', 'a b'])(
    'refuses ALLOWED_HOSTS=%j, saying to give names without scheme or port',
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS: .* is not a host name/);
    },
  );

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(path.resolve('var/data'));
  });

  it('takes payments by the test checkout in a demo or a development run, and in production only when asked by name', () => {
    expect(loadConfig({}).payments.provider).toBe('local');
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@h/db' }).payments.provider).toBe(
      'local',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@h/db' })).toThrow(/set PAYMENTS=stripe/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db', PAYMENTS: 'local' }).payments.provider).toBe('local');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(
      loadConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments,
    ).toEqual({ provider: 'stripe', stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: undefined } });
  });

  describe('DEMO_SEED', () => {
    const cases: [NodeJS.ProcessEnv, boolean, string][] = [
      [{}, true, 'on with the embedded database'],
      [{ DATABASE_URL: 'postgres://u:p@h/db', PAYMENTS: 'local' }, false, 'off with an external database'],
      [{ DATABASE_URL: 'postgres://u:p@h/db', DEMO_SEED: '1' }, true, 'forced on'],
      [{ DEMO_SEED: 'false', PAYMENTS: 'local' }, false, 'forced off'],
      [{ DEMO_SEED: '' }, true, 'empty means the default'],
    ];
    it.each(cases)('%j → %s (%s)', (env, expected) => {
      expect(loadConfig(env).demoSeed).toBe(expected);
    });
  });

  describe('flags', () => {
    it.each([
      ['1', true],
      ['true', true],
      ['on', true],
      ['yes', true],
      ['0', false],
      ['false', false],
      ['off', false],
      ['no', false],
      ['', true],
    ])('WORKERS=%j → %s', (value, expected) => {
      expect(loadConfig({ WORKERS: value }).workers).toBe(expected);
    });
  });

  describe('refuses a bad environment with a message naming the variable', () => {
    it.each([
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ PORT: '80.5' }, 'PORT'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
      [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-1' }, 'ADMIN_EMAIL'],
      [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
      [{ WORKERS: 'maybe' }, 'WORKERS'],
      [{ DEMO_SEED: 'maybe' }, 'DEMO_SEED'],
      [{ PUBLIC_URL: 'drat.example.com' }, 'PUBLIC_URL'],
    ])('%j', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(/^Invalid configuration/);
      expect(() => loadConfig(env)).toThrow(variable);
    });

    it.each([[{ ADMIN_EMAIL: 'a@b.co' }], [{ ADMIN_PASSWORD: 'long-enough-1' }]])(
      '%j: ADMIN_EMAIL and ADMIN_PASSWORD go together',
      (env) => {
        expect(() => loadConfig(env)).toThrow('set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
      },
    );
  });
});

describe('loadConfig: SMS (Twilio)', () => {
  const twilio = {
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'secret-token',
    TWILIO_FROM: '+14155550100',
  };

  it('keeps SMS in the outbox when Twilio is not configured', () => {
    expect(loadConfig({}).sms).toEqual({ twilio: undefined });
  });

  it("uses Twilio's API with the three settings, at api.twilio.com unless TWILIO_BASE_URL says otherwise", () => {
    expect(loadConfig(twilio).sms.twilio).toEqual({
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: 'secret-token',
      from: '+14155550100',
      baseUrl: 'https://api.twilio.com',
    });
    const local = loadConfig({
      ...twilio,
      TWILIO_BASE_URL: 'http://127.0.0.1:9999',
      TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef',
    });
    expect(local.sms.twilio).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999',
      from: 'MG0123456789abcdef0123456789abcdef',
    });
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID }],
    [{ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'x' }],
    [{ TWILIO_FROM: '+14155550100' }],
  ])('%j: the Twilio settings go together', (env) => {
    expect(() => loadConfig(env)).toThrow('set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together');
  });

  it.each([
    [{ ...twilio, TWILIO_FROM: '4155550100' }, 'TWILIO_FROM'],
    [{ ...twilio, TWILIO_BASE_URL: 'api.twilio.com' }, 'TWILIO_BASE_URL'],
  ])('%j is refused naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('loadConfig: news', () => {
  it('writes headlines from the simulated market unless NEWS=alpaca, which needs its data key pair', () => {
    expect(loadConfig({}).news).toEqual({ provider: 'sim', alpaca: undefined });
    expect(() => loadConfig({ NEWS: 'alpaca' })).toThrow(/NEWS=alpaca needs ALPACA_DATA_KEY_ID/);
    expect(loadConfig({ NEWS: 'alpaca', ALPACA_DATA_KEY_ID: 'PK1', ALPACA_DATA_SECRET_KEY: 's3cret' }).news).toEqual({
      provider: 'alpaca',
      alpaca: { baseUrl: 'https://data.alpaca.markets', keyId: 'PK1', secretKey: 's3cret' },
    });
  });
});
