import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import type {
  AdminPasswordResetBody,
  AdminProfile,
  CreateUserBody,
  SlotEditBody,
  UpdateProfileBody,
} from '@drat/contracts';
import {
  createUser,
  fetchAdminProfiles,
  fetchAuditLog,
  fetchPaymentPlans,
  resetUserPassword,
  setLiveTrader,
  setUserActive,
  setUserPlans,
  updateUserProfile,
  type AdminMessage,
  type AdminProfileReply,
  type AdminProfiles,
  type AdminProfilesReply,
  type UserPlansReply,
} from '../../api/adminUsers';
import { editSlot, fetchSlots, type SlotEdited, type Slots } from '../../api/slots';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { plainMessage } from './serverErrors';

/**
 * Managing users' server data (3-bots-admin-public §2.3, §2.6): the reads with their query keys, and
 * the writes with what they refresh. Components call the hooks below. Every change is written to
 * the audit log, which is read again after each. A change of one user puts the user the server
 * answered in place of their row; an activeness change answers every user (§4: "The list is
 * replaced by the server's answer after an activeness update").
 */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: () => [...adminUserKeys.all, 'list'] as const,
  plans: () => [...adminUserKeys.all, 'plans'] as const,
  slots: () => [...adminUserKeys.all, 'slots'] as const,
  /** The audit log: under the same root, so every change made here reads it again. */
  audit: () => [...adminUserKeys.all, 'audit'] as const,
  auditPage: (userEmail: string, page: number, pageSize: number) =>
    [...adminUserKeys.audit(), userEmail, page, pageSize] as const,
};

/* ---- Reads ------------------------------------------------------------------------------------- */

/** Every user with their plans, last sign-ins and settings, newest first. */
export const useAdminProfiles = () => useQuery({ queryKey: adminUserKeys.list(), queryFn: fetchAdminProfiles });

/** The plans of the catalogue (the create form's and Edit plans' choices), while `enabled`. */
export const usePaymentPlans = (enabled = true) =>
  useQuery({ queryKey: adminUserKeys.plans(), queryFn: fetchPaymentPlans, enabled, staleTime: 5 * 60_000 });

/** The trade challenges' slots with their count-downs (§2.3's slot allocation table). */
export const useSlots = () =>
  // The count-down takes its deductions by itself: read again each minute while shown.
  useQuery({ queryKey: adminUserKeys.slots(), queryFn: fetchSlots, refetchInterval: 60_000 });

/** One page of the audit log, newest first, of one person's actions when `userEmail` is given. */
export const useAuditLog = (userEmail: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: adminUserKeys.auditPage(userEmail, page, pageSize),
    queryFn: () => fetchAuditLog(userEmail, page, pageSize),
    // The page shown stays while the next one loads (no jump to an empty table).
    placeholderData: keepPreviousData,
  });

/* ---- Writes ------------------------------------------------------------------------------------ */

/** The audit log is stale after any change: read again (now, when shown). */
const auditChanged = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.audit() });

/** Puts `user` in place of their row (by id) in the users list held. */
function replaceRow(queryClient: QueryClient, user: AdminProfile) {
  queryClient.setQueryData<AdminProfiles>(adminUserKeys.list(), (old) =>
    old ? { data: old.data.map((u) => (u.id === user.id ? user : u)) } : old,
  );
}

/** Creates a user on a plan: the list is read again (the new user first), and the audit log. */
export function useCreateUser(handlers: MutationHandlers<AdminProfileReply, CreateUserBody>) {
  const queryClient = useQueryClient();
  return useMutation<AdminProfileReply, Error, CreateUserBody>({
    mutationFn: createUser,
    ...handlers,
    onSuccess: (reply, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.list() });
      auditChanged(queryClient);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

export interface ProfileChange {
  id: number;
  body: UpdateProfileBody;
}

/** Update profile: only the fields changed are sent; the user answered takes their row's place. */
export function useUpdateProfile(handlers: MutationHandlers<AdminProfileReply, ProfileChange>) {
  const queryClient = useQueryClient();
  return useMutation<AdminProfileReply, Error, ProfileChange>({
    mutationFn: ({ id, body }) => updateUserProfile(id, body),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      replaceRow(queryClient, reply.data);
      auditChanged(queryClient);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

export interface PlansChange {
  user: AdminProfile;
  planIds: number[];
}

/** Edit plans (a set): the plans answered take the place of the row's. */
export function useSetPlans(handlers: MutationHandlers<UserPlansReply, PlansChange>) {
  const queryClient = useQueryClient();
  return useMutation<UserPlansReply, Error, PlansChange>({
    mutationFn: ({ user, planIds }) => setUserPlans(user.id, { current_plans: planIds }),
    ...handlers,
    onSuccess: (reply, change, ...rest) => {
      // The subscription dates follow the plans: the list is read again for them.
      replaceRow(queryClient, { ...change.user, current_plans: reply.data.current_plans });
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.list() });
      auditChanged(queryClient);
      return handlers.onSuccess?.(reply, change, ...rest);
    },
  });
}

/**
 * A row action without a form (Activate, Deactivate, Grant, Revoke): the server's message is shown,
 * and a refusal in the server's words.
 */
function useRowAction<TReply extends { message: string }, TVars>(
  call: (vars: TVars) => Promise<TReply>,
  apply: (queryClient: QueryClient, reply: TReply) => void,
) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation<TReply, Error, TVars>({
    mutationFn: call,
    onSuccess: (reply) => {
      void message.success(reply.message);
      apply(queryClient, reply);
      auditChanged(queryClient);
    },
    onError: (error) => void message.error(plainMessage(error)),
  });
}

/** Activate or Deactivate (asked first by the screen): the server's list of every user takes the place of the one held. */
export const useSetActive = () =>
  useRowAction<AdminProfilesReply, { user: AdminProfile; active: boolean }>(
    ({ user, active }) => setUserActive(user.id, active),
    (queryClient, reply) => queryClient.setQueryData<AdminProfiles>(adminUserKeys.list(), { data: reply.data }),
  );

/** Grant or Revoke live trading: the user answered takes their row's place. */
export const useSetLiveTrader = () =>
  useRowAction<AdminProfileReply, { user: AdminProfile; live: boolean }>(
    ({ user, live }) => setLiveTrader(user.id, live),
    (queryClient, reply) => replaceRow(queryClient, reply.data),
  );

/** Password Reset (§2.6): nothing shown here changes but the audit log. */
export function useResetPassword(handlers: MutationHandlers<AdminMessage, AdminPasswordResetBody>) {
  const queryClient = useQueryClient();
  return useMutation<AdminMessage, Error, AdminPasswordResetBody>({
    mutationFn: resetUserPassword,
    ...handlers,
    onSuccess: (reply, ...rest) => {
      auditChanged(queryClient);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

export interface SlotChange {
  id: number;
  body: SlotEditBody;
}

/** Edit a challenge's slots: the slot answered takes its row's place. */
export function useEditSlot(handlers: MutationHandlers<SlotEdited, SlotChange>) {
  const queryClient = useQueryClient();
  return useMutation<SlotEdited, Error, SlotChange>({
    mutationFn: ({ id, body }) => editSlot(id, body),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<Slots>(adminUserKeys.slots(), (old) =>
        old ? { data: old.data.map((s) => (s.id === reply.data.id ? reply.data : s)) } : old,
      );
      auditChanged(queryClient);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}
