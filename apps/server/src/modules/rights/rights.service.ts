import type { AlertCategory, Rights } from '@drat/contracts';
import type { Db } from '../../db/client';
import { rightsRepo } from './rights.repo';
import { computeRights } from './rights.rules';

export interface RightsSubject {
  id: number;
  isSuper: boolean;
  isLiveTrader: boolean;
  dioneCredits: number;
  tradeIdeasCredits: number;
}

export function createRightsService(db: Db, now: () => Date) {
  const repo = rightsRepo(db);
  return {
    async rightsOf(user: RightsSubject): Promise<Rights> {
      const at = now();
      const [activePlans, types] = await Promise.all([
        repo.activePlans(user.id, at),
        repo.alertTypesFor(user.id, at, user.isSuper),
      ]);
      return computeRights({
        isSuper: user.isSuper,
        isLiveTrader: user.isLiveTrader,
        planFeatures: activePlans.map((p) => p.features),
        alertTypes: types.map((t) => ({ id: t.id, name: t.name, category: t.category as AlertCategory, raw_note: t.rawNote })),
        dioneCredits: user.dioneCredits,
        tradeIdeasCredits: user.tradeIdeasCredits,
      });
    },
    activePlans: (userId: number) => repo.activePlans(userId, now()),
  };
}
export type RightsService = ReturnType<typeof createRightsService>;
