import {
  ALERT_MSG,
  SEARCH_MAX_RESULTS,
  type AlertCategory,
  type AlertSearchBody,
  type TriggerDto,
  type TriggersPage,
  type TriggersQuery,
} from '@drat/contracts';
import { entitledType, entitledTypesOf } from '../access';
import { toTriggerDto } from '../alert.dto';
import { searchFilter, type Caller } from '../access';
import type { TriggersRepo } from './triggers.repo';

/** Triggers of the alerts (1-core §2 Triggers, §7). */
export function createTriggersService(repo: TriggersRepo) {
  return {
    /** The alert a trigger belongs to (undefined when there is no such trigger). */
    alertIdOf: (triggerId: number) => repo.alertIdOf(triggerId),

    /** GET /alerts/triggers: one page (100 by default) of a type's triggers. */
    async page({ rights }: Caller, q: TriggersQuery): Promise<TriggersPage> {
      const type = entitledType(rights, q.name, 'triggers');
      const rows = await repo.page(type.id, q.sort, { limit: q.limit + 1, offset: q.offset });
      const hasMore = rows.length > q.limit;
      return { triggers: (hasMore ? rows.slice(0, q.limit) : rows).map(toTriggerDto), hasMore };
    },

    /**
     * GET /alerts/tickers/triggers: tickers that have triggers in the caller's types of the category,
     * as `tickers` (1-core §7; the alerts' own list answers `data`).
     */
    async tickers({ rights }: Caller, category: AlertCategory): Promise<{ tickers: string[] }> {
      const types = entitledTypesOf(rights, category, 'triggers');
      return { tickers: await repo.tickers(types.map((t) => t.id)) };
    },

    /** POST /alerts/search/triggers/: the same rules as the alert search. */
    async search({ rights }: Caller, body: AlertSearchBody): Promise<{ data: TriggerDto[]; message?: string }> {
      const filter = searchFilter(body);
      const types = entitledTypesOf(rights, body.category, 'triggers');
      const rows = await repo.search(
        types.map((t) => t.id),
        filter,
        SEARCH_MAX_RESULTS,
      );
      if (rows.length === 0) return { data: [], message: ALERT_MSG.noResults };
      return { data: rows.map(toTriggerDto) };
    },
  };
}
export type TriggersService = ReturnType<typeof createTriggersService>;
