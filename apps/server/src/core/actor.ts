import type { Rights } from '@drat/contracts';

/**
 * Who acts on a user's trades and accounts (docs/architecture.md, "Adding an area"). A service that
 * other areas and jobs call takes the user whose account it is and the actor, never a session or a
 * request body:
 *
 * - `trader`: the user themselves, from their own screens; `rights` are the ones their request's
 *   route checked (computed once by the rights area, http/auth.ts `acting`).
 * - `super_user`: a super user acting on someone else's trade (the admin screens).
 * - `bot`: one of the user's money-management bots.
 * - `signal`: an outside signal (a webhook of the user's).
 *
 * Only `acting(req)` (http/auth.ts) makes a trader actor, with the rights its route computed; a
 * super_user actor is made by a super user's route (its right declared there). For a bot or a
 * signal, a service asks the rights area for the owner's rights: a bot of a user whose plan ended
 * may not trade live, whoever started it.
 */
export type Actor =
  | { kind: 'trader'; rights: Rights }
  | { kind: 'super_user'; userId: number; email: string }
  | { kind: 'bot'; botId: number; name: string }
  | { kind: 'signal'; signalId: number; name: string };

/** A user's account, and who acts on it. */
export interface Acting {
  userId: number;
  by: Actor;
}

/** Whether `rights` hold `right`: super users hold every one (the rule of http/auth.ts's requireRight). */
export function holds(rights: Rights, right: RightName): boolean {
  return rights.is_super || rights[right];
}
export type RightName =
  | 'AA'
  | 'DA'
  | 'ADA'
  | 'TIA'
  | 'is_super'
  | 'can_use_live_trader'
  | 'is_live_trader'
  | 'is_smart_trader_user'
  | 'can_use_bots';

/**
 * Who acted, in the words of a trade's log: undefined for the trader (the engine's own words say
 * "the user"), else "a super user (ada@example.com)", "bot Momentum (#3)", "signal TradingView (#7)".
 */
export function actorWords(by: Actor): string | undefined {
  switch (by.kind) {
    case 'trader':
      return undefined;
    case 'super_user':
      return `a super user (${by.email})`;
    case 'bot':
      return `bot ${by.name} (#${by.botId})`;
    case 'signal':
      return `signal ${by.name} (#${by.signalId})`;
  }
}

/**
 * Whether a super user acts (the Trade Monitor reaches every account, sharing goes beyond one
 * person): a super user acting on someone's account, or a trader whose rights say they are one.
 */
export const actsAsSuperUser = (by: Actor): boolean =>
  by.kind === 'super_user' || (by.kind === 'trader' && by.rights.is_super);
