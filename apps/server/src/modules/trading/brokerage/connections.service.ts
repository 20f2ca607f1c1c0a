/**
 * A trader's broker connection (2-trading §2.6, §2.7, §7; 1-core §2): connecting a broker (the
 * OAuth authorization code flow, or an API key pair; the simulated brokerage's own link offline),
 * the trader's accounts and the current one, and where a live trade goes. A live trader with no
 * connection yet (a seeded demo account, a plan granting live trading) trades on the simulated
 * brokerage, connected on first use. Who may call is the routes' to say (requireRight).
 */
import {
  AUTHORIZATION_WARNING_HOURS,
  BROKER_LABELS,
  BROKERS,
  BROKER_MSG,
  TRADE_MSG,
  type AuthCodeBody,
  type AuthCodeReply,
  type AuthCodeSetupReply,
  type BrokerAccount,
  type BrokerConnectionResponse,
  type BrokerKeysBody,
  type BrokerName,
  type ConfirmPasswordReason,
  type SyncAccountsReply,
} from '@drat/contracts';
import type { Logger } from 'pino';
import { holds, actsAsSuperUser, type Acting } from '../../../core/actor';
import { DomainError } from '../../../core/errors';
import { randomToken, sha256 } from '../../../core/secrets';
import type { Sealer } from '../../../core/sealed';
import type { Broker, BrokerCredentials, BrokerLink } from '../../../providers/broker/interface';
import { withProvider } from '../../../providers/provider-error';
import type { Principal } from '../../auth';
import type { UsersRepo } from '../../users';
import { BROKER_WORDS } from './broker-order.dto';
import type { BrokerageRepo, ConnectionRow } from './brokerage.repo';

export interface ConnectionsDeps {
  repo: BrokerageRepo;
  users: Pick<UsersRepo, 'updateUser'>;
  /** The brokers by name; `paper` is always there. */
  brokers: Record<string, Broker>;
  /** How each offered broker is connected; `paper` (the simulated brokerage) is always there. */
  links: Partial<Record<BrokerName, BrokerLink>>;
  /** Seals access tokens at rest; required by brokers that hand out tokens. */
  sealer: Sealer | null;
  /** Where brokers send the trader back: the web app's /trade/settings. */
  publicUrl: string;
  assertFreshPassword: (principal: Principal, action: ConfirmPasswordReason) => Promise<void>;
  /**
   * The runner's comparison of an account's positions with what its trades hold (a fill that
   * raced a cancel is taken in), run at every sync of the accounts.
   */
  reconcileHoldings: (broker: string, accountId: string) => Promise<number>;
  /** Balances read before a connection changed are forgotten (the monitor's cache). */
  accountsChanged: () => void;
  log: Pick<Logger, 'warn'>;
  now: () => Date;
}

/** An authorization started from Broker Settings is good for this long (Tradier's codes live 10 minutes). */
const AUTH_STATE_MS = 10 * 60_000;

export function createConnections(deps: ConnectionsDeps) {
  const { repo, users, brokers, links, sealer, now } = deps;

  function linkOf(name: BrokerName): BrokerLink {
    const link = links[name];
    if (!link) throw DomainError.field('broker', BROKER_MSG.brokerNotOffered(BROKER_LABELS[name]));
    return link;
  }

  /**
   * Reads the accounts the credentials reach and keeps them with the sealed credentials. A broker's
   * failure is told in BROKER_WORDS, or in `words` where the caller has its own.
   */
  async function connect(
    userId: number,
    broker: BrokerName,
    credentials: BrokerCredentials,
    words: Partial<typeof BROKER_WORDS> = {},
  ) {
    const link = linkOf(broker);
    const accounts = await withProvider({ ...BROKER_WORDS, ...words }, () => link.accounts(credentials, userId));
    const seal = (token: string | null) => {
      if (token === null) return null;
      if (!sealer) throw new Error('BROKER_TOKEN_KEY is not configured: broker tokens cannot be kept');
      return sealer.seal(token);
    };
    return repo.saveConnection({
      userId,
      broker,
      accessToken: seal(credentials.accessToken),
      refreshToken: seal(credentials.refreshToken),
      expiresAt: credentials.expiresAt,
      accounts,
      at: now(),
    });
  }

  /** The user's connection; a live trader without one is connected to the simulated brokerage. */
  async function connectionOf(userId: number): Promise<ConnectionRow> {
    const existing = await repo.connectionOf(userId);
    if (existing) return existing;
    return connect(userId, 'paper', { accessToken: null, refreshToken: null, expiresAt: null });
  }

  /** The user's accounts, the current one `connected` (else the first). */
  async function accountList(userId: number, connection: ConnectionRow): Promise<BrokerAccount[]> {
    const rows = await repo.accountsOf(userId);
    const current = rows.find((r) => r.accountId === connection.currentAccount) ?? rows[0];
    return rows.map((r) => ({
      account_id: r.accountId,
      connected: r === current,
      broker: r.broker,
      account_type: r.accountType,
    }));
  }

  /** A broker connected: the trader trades live from now on. */
  async function goneLive(userId: number, broker: BrokerName, connection: ConnectionRow): Promise<AuthCodeReply> {
    await users.updateUser(userId, { isLiveTrader: true });
    deps.accountsChanged();
    return {
      message: BROKER_MSG.authorized,
      broker,
      is_live_trader: true,
      accounts: await accountList(userId, connection),
    };
  }

  const accountsOf = async (userId: number) => accountList(userId, await connectionOf(userId));

  return {
    connectionOf,

    /**
     * An account the actor may read: the user's own, or anyone's for a super user; else a 400 on
     * account_id. Answers its row and broker.
     */
    async reachable(who: Acting, accountId: string) {
      await connectionOf(who.userId);
      const row = await repo.account(accountId);
      if (!row || (row.userId !== who.userId && !actsAsSuperUser(who.by))) {
        throw DomainError.field('account_id', BROKER_MSG.accountUnknown);
      }
      const broker = brokers[row.broker];
      if (!broker) throw new DomainError('UNAVAILABLE', BROKER_MSG.brokerNotOffered(BROKER_LABELS[row.broker]));
      return { row, broker };
    },

    /**
     * Where a live trade goes: the account named, which must be one of the user's own, else their
     * current account (the simulated one until a broker is authorized).
     */
    async tradeTarget(userId: number, accountId?: string): Promise<{ broker: BrokerName; accountId: string }> {
      const accounts = await accountsOf(userId);
      const target =
        accountId === undefined ? accounts.find((a) => a.connected) : accounts.find((a) => a.account_id === accountId);
      if (!target && accountId !== undefined) throw DomainError.field('account_id', TRADE_MSG.accountNotYours);
      if (!target) throw new DomainError('CONFLICT', BROKER_MSG.notConnected, { retryable: false });
      return { broker: target.broker, accountId: target.account_id };
    },

    /** GET /livetrading/accounts. */
    accounts: async (who: Acting) => ({ data: { accounts: await accountsOf(who.userId) } }),

    /** POST /livetrading/set-current-account/: one of the user's own accounts. */
    async setCurrentAccount(who: Acting, accountId: string): Promise<SyncAccountsReply> {
      await connectionOf(who.userId);
      const row = await repo.account(accountId);
      if (!row || row.userId !== who.userId) throw DomainError.field('account_id', BROKER_MSG.accountUnknown);
      await repo.setCurrent(who.userId, accountId, now());
      return { message: BROKER_MSG.accountSelected, accounts: await accountsOf(who.userId) };
    },

    /** POST /livetrading/sync-accounts/: the broker's list of the user's accounts, read again. */
    async syncAccounts(who: Acting): Promise<SyncAccountsReply> {
      const connection = await connectionOf(who.userId);
      const open = (t: string | null) => (t === null || !sealer ? null : sealer.open(t));
      const synced = await connect(who.userId, connection.broker, {
        accessToken: open(connection.accessToken),
        refreshToken: open(connection.refreshToken),
        expiresAt: connection.expiresAt,
      });
      const accounts = await accountList(who.userId, synced);
      // Each account's positions against what its trades hold: fills that raced a cancel turn up.
      for (const a of accounts) {
        await deps.reconcileHoldings(a.broker, a.account_id).catch((err: unknown) => {
          deps.log.warn({ account: a.account_id, err: String(err) }, 'trading: comparing positions at a sync failed');
        });
      }
      return { message: BROKER_MSG.accountsSynced, accounts };
    },

    /** POST /livetrading/auth-code-setup/: the broker's authorization page (a fresh password first). */
    async authCodeSetup(principal: Principal, broker: BrokerName = 'paper'): Promise<AuthCodeSetupReply> {
      const link = linkOf(broker);
      await deps.assertFreshPassword(principal, 'AUTHORIZATION');
      const state = randomToken(24);
      await repo.addAuthState({
        stateHash: sha256(state),
        userId: principal.user.id,
        broker,
        expiresAt: new Date(now().getTime() + AUTH_STATE_MS),
      });
      return { url: link.authorizeUrl(state, `${deps.publicUrl}/trade/settings`), broker };
    },

    /** POST /livetrading/auth-code/: the code the broker sent back; the caller trades live from now on. */
    async authCode(principal: Principal, body: AuthCodeBody): Promise<AuthCodeReply> {
      const userId = principal.user.id;
      // Whose it is is checked first: another user's post neither uses up nor deletes the owner's state.
      const pending = await repo.takeAuthState(sha256(body.state), userId);
      if (!pending || pending.expiresAt.getTime() < now().getTime()) {
        throw DomainError.field('state', BROKER_MSG.authLinkInvalid);
      }
      const link = linkOf(pending.broker);
      // The broker refusing the code (used, expired) is the trader's to retry from Broker Settings.
      const credentials = await withProvider(
        { ...BROKER_WORDS, refused: () => DomainError.field('code', BROKER_MSG.authRefused) },
        () => link.exchange(body.code, `${deps.publicUrl}/trade/settings`, userId),
      );
      return goneLive(userId, pending.broker, await connect(userId, pending.broker, credentials));
    },

    /** POST /livetrading/broker-keys/: the trader's own API key pair (a fresh password first); they trade live from now on. */
    async brokerKeys(principal: Principal, body: BrokerKeysBody): Promise<AuthCodeReply> {
      const link = linkOf(body.broker);
      const label = BROKER_LABELS[body.broker];
      if (!link.keyCredentials) throw DomainError.field('broker', BROKER_MSG.keysNotTaken(label));
      await deps.assertFreshPassword(principal, 'AUTHORIZATION');
      const credentials = link.keyCredentials(body.key_id, body.secret_key);
      // The broker refusing the pair is the trader's to correct, on the form. Alpaca answers 403
      // for keys of the other kind of account (live keys on paper) too.
      const refused = () => DomainError.field('secret_key', BROKER_MSG.keysRefused(label));
      const connection = await connect(principal.user.id, body.broker, credentials, {
        unauthorized: refused,
        forbidden: refused,
      });
      return goneLive(principal.user.id, body.broker, connection);
    },

    /** GET /livetrading/broker-connection/: the brokers offered, and the user's connection. */
    async brokerConnection(who: Acting): Promise<BrokerConnectionResponse> {
      const live = who.by.kind !== 'trader' || holds(who.by.rights, 'is_live_trader');
      const row = live ? await connectionOf(who.userId) : await repo.connectionOf(who.userId);
      const offered = BROKERS.filter((b) => links[b] !== undefined).map((broker) => ({
        broker,
        label: BROKER_LABELS[broker],
        keys: links[broker]?.keyCredentials !== undefined,
      }));
      const connection = row && {
        broker: row.broker,
        label: BROKER_LABELS[row.broker],
        synced_at: row.updatedAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
        expired: row.expiresAt !== null && row.expiresAt.getTime() <= now().getTime(),
        ends_soon:
          row.expiresAt !== null && row.expiresAt.getTime() - now().getTime() < AUTHORIZATION_WARNING_HOURS * 3_600_000,
      };
      return { data: { offered, connection: connection ?? null } };
    },

    /** Forgets the user's broker access (deauthorize): its tokens and accounts go. */
    async forget(userId: number): Promise<void> {
      await repo.deleteConnection(userId);
    },
  };
}
export type Connections = ReturnType<typeof createConnections>;
