import type {
  AccountInfoResponse,
  AllAccountsResponse,
  AuthCodeBody,
  AuthCodeReply,
  AuthCodeSetupReply,
  BrokerConnectionResponse,
  BrokerKeysBody,
  BrokerName,
  BrokerOrderReply,
  ModifyLiveOrderBody,
  PlaceBrokerOrderBody,
  PositionsResponse,
  SyncAccountsReply,
  TradeListResponse,
} from '@drat/contracts';
import { api } from './client';

/** Live trading on a brokerage account (2-trading §7, 1-core §7): one function per endpoint. */

export const fetchAccountInfo = (accountId: string) =>
  api.post<AccountInfoResponse>('/livetrading/account-info/', { account_id: accountId });

export const setCurrentAccount = (accountId: string) =>
  api.post<SyncAccountsReply>('/livetrading/set-current-account/', { account_id: accountId });

export const syncAccounts = () => api.post<SyncAccountsReply>('/livetrading/sync-accounts/');

export const fetchBrokerOrders = (accountId: string) =>
  api.post<TradeListResponse>('/livetrading/trade-list/', { account_id: accountId });

/** Super users: every account with its owner's e-mail. */
export const fetchAllAccounts = () => api.get<AllAccountsResponse>('/livetrading/all-account-id-list/');

export const fetchPositions = (accountId: string) =>
  api.post<PositionsResponse>('/livetrading/positions-list/', { account_id: accountId });

export const modifyBrokerOrder = (body: ModifyLiveOrderBody) =>
  api.post<BrokerOrderReply>('/livetrading/modify-live-order/', body);

/** A super user's order (a position's Exit); the key makes a retried request place one order. */
export const placeBrokerOrder = (body: PlaceBrokerOrderBody, idempotencyKey: string) =>
  api.post<BrokerOrderReply>('/livetrading/place-tradier-order/', body, { idempotencyKey });

export const fetchBrokerConnection = () => api.get<BrokerConnectionResponse>('/livetrading/broker-connection/');

/** The broker's authorization page (the server asks for the password first). */
export const startBrokerAuthorization = (broker: BrokerName) =>
  api.post<AuthCodeSetupReply>('/livetrading/auth-code-setup/', { broker });

/** The code and state the broker sent back to /trade/settings. */
export const finishBrokerAuthorization = (body: AuthCodeBody) =>
  api.post<AuthCodeReply>('/livetrading/auth-code/', body);

/** Connects a broker with the trader's own API key pair (the server asks for the password first). */
export const connectBrokerWithKeys = (body: BrokerKeysBody) =>
  api.post<AuthCodeReply>('/livetrading/broker-keys/', body);
