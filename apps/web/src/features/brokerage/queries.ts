import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import {
  BROKER_MSG,
  BROKER_ORDER_EVENT,
  TRADE_EVENT,
  type AuthCodeBody,
  type AuthCodeReply,
  type AuthCodeSetupReply,
  type BrokerAccount,
  type BrokerName,
  type LiveAccountsResponse,
  type SyncAccountsReply,
} from '@drat/contracts';
import {
  connectBrokerWithKeys,
  fetchAccountInfo,
  fetchAllAccounts,
  fetchBrokerConnection,
  fetchBrokerOrders,
  fetchPositions,
  finishBrokerAuthorization,
  modifyBrokerOrder,
  placeBrokerOrder,
  setCurrentAccount,
  startBrokerAuthorization,
  syncAccounts,
} from '../../api/brokerage';
import { updateSession } from '../../app/session';
import { fetchLiveAccounts } from '../../api/trading';
import { useUserEvents } from '../../lib/live';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { brokerKeys } from '../../lib/queryKeys';

/**
 * The caller's brokerage accounts (GET /livetrading/accounts). A failure says 'Error fetching your
 * live accounts.' once (1-core §8), wherever the accounts are shown.
 */
export function useLiveAccounts(enabled: boolean) {
  const { message } = useApp();
  const query = useQuery({ queryKey: brokerKeys.accounts(), queryFn: fetchLiveAccounts, enabled, retry: 1 });
  const told = useRef(false);
  useEffect(() => {
    if (query.isError && !told.current) {
      told.current = true;
      void message.error(BROKER_MSG.accountsFailed);
    }
  }, [query.isError, message]);
  return query;
}

/**
 * Orders and balances are read again when the broker answers (user events 'broker-order' and
 * 'trade'): the Trade Monitor, positions and the cards follow the orders as they change.
 */
export function useBrokerEvents() {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const part of ['orders', 'positions', 'info'] as const)
      void queryClient.invalidateQueries({ queryKey: [...brokerKeys.all, part] });
  };
  useUserEvents(BROKER_ORDER_EVENT, refresh);
  useUserEvents(TRADE_EVENT, refresh);
}

/**
 * Orders and positions are also read again this often while shown: a super user watching another
 * trader's account hears no events of it, and orders placed at the broker itself send none.
 */
const WATCH_MS = 15_000;

/** An account's balances (kept 3 minutes by the server). */
export const useAccountInfo = (account: string | undefined) =>
  useQuery({
    queryKey: brokerKeys.info(account ?? ''),
    queryFn: () => fetchAccountInfo(account!),
    enabled: account !== undefined,
    retry: false,
  });

export const useBrokerOrders = (account: string | undefined) =>
  useQuery({
    queryKey: brokerKeys.orders(account ?? ''),
    queryFn: () => fetchBrokerOrders(account!),
    enabled: account !== undefined,
    retry: false,
    refetchInterval: WATCH_MS,
  });

export const usePositions = (account: string | undefined) =>
  useQuery({
    queryKey: brokerKeys.positions(account ?? ''),
    queryFn: () => fetchPositions(account!),
    enabled: account !== undefined,
    retry: false,
    refetchInterval: WATCH_MS,
  });

/** Super users: every account with its owner's e-mail. */
export const useAllAccounts = (enabled: boolean) =>
  useQuery({ queryKey: brokerKeys.allAccounts(), queryFn: fetchAllAccounts, enabled });

export const useBrokerConnection = () =>
  useQuery({ queryKey: brokerKeys.connection(), queryFn: fetchBrokerConnection });

/** Keeps the accounts an answer lists (set-current-account, sync, authorization). */
export function useKeepAccounts() {
  const queryClient = useQueryClient();
  return (accounts: BrokerAccount[]) => {
    queryClient.setQueryData<LiveAccountsResponse>(brokerKeys.accounts(), { data: { accounts } });
    void queryClient.invalidateQueries({ queryKey: brokerKeys.all });
  };
}

/** Chooses the account live trades go to. */
export function useSetCurrentAccount() {
  const { message } = useApp();
  const keep = useKeepAccounts();
  return useMutation({
    mutationFn: setCurrentAccount,
    onSuccess: (reply: SyncAccountsReply) => {
      keep(reply.accounts);
      void message.success(reply.message);
    },
    onError: (err) => void message.error(err.message),
  });
}

/** Reads the accounts from the broker again; a failure says 'There was an error' (1-core §8). */
export function useSyncAccounts() {
  const { message } = useApp();
  const keep = useKeepAccounts();
  return useMutation({
    mutationFn: syncAccounts,
    onSuccess: (reply: SyncAccountsReply) => {
      keep(reply.accounts);
      void message.success(reply.message);
    },
    onError: (err) => void message.error(`${BROKER_MSG.syncFailed}: ${err.message}`),
  });
}

/** A change at the broker: the orders, positions and balances are read again. */
function useBrokerChange() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: brokerKeys.all });
}

export function useModifyOrder() {
  return useMutation({ mutationFn: modifyBrokerOrder, onSuccess: useBrokerChange() });
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: ({ body, key }: { body: Parameters<typeof placeBrokerOrder>[0]; key: string }) =>
      placeBrokerOrder(body, key),
    onSuccess: useBrokerChange(),
  });
}

/** A broker connected (authorized, or with API keys): the trader is live, the accounts are the broker's. */
export function useBrokerConnected() {
  const { message } = useApp();
  const keep = useKeepAccounts();
  const queryClient = useQueryClient();
  return (reply: AuthCodeReply) => {
    updateSession({ is_live_trader: true, is_demo_trader: false });
    keep(reply.accounts);
    void queryClient.invalidateQueries({ queryKey: brokerKeys.connection() });
    void message.success(reply.message);
  };
}

/** Exchanges the code and state the broker sent back for access. */
export const useFinishAuthorization = (handlers: MutationHandlers<AuthCodeReply, AuthCodeBody>) =>
  useMutation({ mutationFn: finishBrokerAuthorization, ...handlers });

/** Starts an authorization at `broker` (the server asks for the password first). */
export const useStartAuthorization = (handlers: MutationHandlers<AuthCodeSetupReply, BrokerName>) =>
  useMutation({ mutationFn: startBrokerAuthorization, ...handlers });

/** Connects a broker with the trader's own API key pair (the server asks for the password first). */
export const useConnectWithKeys = () => useMutation({ mutationFn: connectBrokerWithKeys });
