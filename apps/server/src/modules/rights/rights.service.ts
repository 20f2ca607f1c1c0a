import type { AlertCategory, AlertTypeRight, Rights } from '@drat/contracts';
import { createReadCache, NO_CACHES, type CacheDeps } from '../../db/read-cache';
import type { RightsRepo } from './rights.repo';
import { computeRights } from './rights.rules';

export interface RightsSubject {
  id: number;
  isSuper: boolean;
  isLiveTrader: boolean;
  dioneCredits: number;
  tradeIdeasCredits: number;
}

/** The alert-type catalogue as rights read it: every type in category order, and each plan's types. */
interface Catalogue {
  version: string;
  all: AlertTypeRight[];
  byPlan: Map<number, Set<number>>;
}

type PlansAndVersion = Awaited<ReturnType<RightsRepo['plansAndCatalogueVersion']>>;

export function createRightsService(repo: RightsRepo, now: () => Date, caches: CacheDeps = NO_CACHES) {
  // A user's running plans and the catalogue version, per user: forgotten when the user's
  // subscriptions or the catalogue change (change feed), and after the TTL, so that a plan that
  // starts or ends is seen within it.
  const plansCache = createReadCache<PlansAndVersion>({
    ...caches,
    topics: ['subscriptions', 'catalogue'],
    maxEntries: 50_000,
  });
  const plansOf = (userId: number) =>
    plansCache.read(String(userId), () => repo.plansAndCatalogueVersion(userId, now()));
  /** The user's plans running now and the catalogue version: a plan that ended since it was read no longer counts. */
  const runningNow = async (userId: number) => {
    const { version, plans } = await plansOf(userId);
    const at = now().getTime();
    return { version, plans: plans.filter((p) => p.endsAt === null || p.endsAt.getTime() > at) };
  };
  let catalogue: Catalogue | undefined;
  let loading: { version: string; promise: Promise<Catalogue> } | undefined;

  /** The catalogue at `version` (or newer): the one in memory, or read again when the version moved. */
  function catalogueAt(version: string): Promise<Catalogue> | Catalogue {
    if (catalogue?.version === version) return catalogue;
    if (loading?.version === version) return loading.promise;
    const promise = repo.catalogue().then(({ types, planTypes }) => {
      const byPlan = new Map<number, Set<number>>();
      for (const { planId, alertTypeId } of planTypes) {
        if (!byPlan.has(planId)) byPlan.set(planId, new Set());
        byPlan.get(planId)!.add(alertTypeId);
      }
      const all = types.map((t) => ({
        id: t.id,
        name: t.name,
        category: t.category as AlertCategory,
        raw_note: t.rawNote,
      }));
      const loaded = { version, all, byPlan };
      catalogue = loaded;
      return loaded;
    });
    loading = { version, promise };
    promise
      .finally(() => {
        if (loading?.promise === promise) loading = undefined;
      })
      .catch(() => undefined);
    return promise;
  }

  return {
    /**
     * At most one round trip per check: the running plans and the catalogue's version (cached, see
     * above); the catalogue (types and which plan gives which) is kept in memory and read again
     * only when its version moved.
     */
    async rightsOf(user: RightsSubject): Promise<Rights> {
      // Access ends on the very next request after a plan's end.
      const { version, plans } = await runningNow(user.id);
      const { all, byPlan } = await catalogueAt(version);
      const given = plans.map((p) => byPlan.get(p.planId)).filter((set): set is Set<number> => set !== undefined);
      return computeRights({
        isSuper: user.isSuper,
        isLiveTrader: user.isLiveTrader,
        planFeatures: plans.map((p) => p.features),
        alertTypes: user.isSuper ? all : all.filter((t) => given.some((set) => set.has(t.id))),
        dioneCredits: user.dioneCredits,
        tradeIdeasCredits: user.tradeIdeasCredits,
      });
    },
    /** The plans running now, oldest first (from the same cached read as the rights). */
    async activePlans(userId: number) {
      const { plans } = await runningNow(userId);
      return plans.map((p) => ({
        id: p.planId,
        name: p.name,
        amountCents: p.amountCents,
        features: p.features,
        endsAt: p.endsAt,
      }));
    },
  };
}
export type RightsService = ReturnType<typeof createRightsService>;
