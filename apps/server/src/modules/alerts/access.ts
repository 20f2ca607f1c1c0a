import type { FastifyRequest } from 'fastify';
import { ALERT_MSG, type AlertCategory, type AlertSearchBody, type AlertTypeRight, type Rights } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import { DomainError } from '../../core/errors';

/** Who may see which alert types, and the request rules the alert lists share. */

/** What the caller is reading, for the wording of the 403 (1-core §8). */
export type Area = 'alerts' | 'triggers';

export function forbidden(name: string, area: Area): DomainError {
  return new DomainError(
    'FORBIDDEN',
    area === 'alerts' ? ALERT_MSG.noPermissionAlerts(name) : ALERT_MSG.noPermissionTriggers(name),
  );
}

/**
 * The alert type called `name` among the caller's (their plans' types; every type for a super user).
 * Anything else, an unknown name included, is a 403 'You do not have permission to view {name} …'.
 */
export function entitledType(rights: Rights, name: string, area: Area): AlertTypeRight {
  const type = rights.alert_types.find((t) => t.name === name);
  if (!type) throw forbidden(name, area);
  return type;
}

/** The caller's types in `category`; a category outside their plans is a 403 naming it. */
export function entitledTypesOf(rights: Rights, category: AlertCategory, area: Area): AlertTypeRight[] {
  const types = rights.alert_types.filter((t) => t.category === category);
  if (types.length === 0) throw forbidden(category, area);
  return types;
}

/** Throws the 403 unless the caller's plans include the type `typeId` (named `typeName`). */
export function assertEntitled(rights: Rights, typeId: number, typeName: string, area: Area): void {
  if (!rights.alert_types.some((t) => t.id === typeId)) throw forbidden(typeName, area);
}

/** The caller of an alert endpoint: who (for `tracked`) and what their plans allow. */
export interface Caller {
  userId: number;
  rights: Rights;
}

export async function callerOf(req: FastifyRequest): Promise<Caller> {
  return { userId: principalOf(req).user.id, rights: await req.rights() };
}

export function badRequest(message: string): DomainError {
  return new DomainError('BAD_REQUEST', message, { details: { error: message } });
}

/** Search filters of POST /alerts/search/ and /alerts/search/triggers/ (1-core §5 "Alert filter search"). */
export function searchFilter(body: AlertSearchBody): { from?: string; to?: string; tickers?: string[] } {
  const tickers = body.tickers?.length ? [...new Set(body.tickers)] : undefined;
  const range = body.daterange;
  if (!range && !tickers) throw badRequest(ALERT_MSG.invalidParameters);
  if (range && range[0] > range[1]) throw badRequest(ALERT_MSG.invalidParameters);
  return { from: range?.[0], to: range?.[1], tickers };
}
