import { ALERT_MSG, type AlertDto, type TrackerDto } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import { toTrackerDto } from '../alert.dto';
import { badRequest, type Caller } from '../access';
import type { FeedService } from '../feed/feed.service';
import type { TrackersRepo } from './trackers.repo';
import type { TriggersService } from '../triggers/triggers.service';

/** My Trackers, 'Trade Alert Trackers' (1-core §2, §3 "Tracker (alert)", §7). Dione trackers live elsewhere. */
export function createTrackersService(repo: TrackersRepo, alertsService: FeedService, triggers: TriggersService) {
  const typeIdsOf = (c: Caller) => c.rights.alert_types.map((t) => t.id);

  return {
    /** GET /alerts/trackers: the caller's trackers of live alerts of their plans' types, newest first. */
    async list(caller: Caller): Promise<{ data: TrackerDto[] }> {
      return { data: (await repo.list(caller.userId, typeIdsOf(caller))).map(toTrackerDto) };
    },

    /**
     * POST /alerts/add-alert-tracker/: tracks the alert (tracking twice keeps one tracker). alert_id
     * decides; alert_type (name or id) and ticker, when sent, must be the alert's.
     */
    async add(
      caller: Caller,
      body: { alert_id: number; alert_type?: string | number | null; ticker?: string | null },
    ): Promise<{ data: TrackerDto }> {
      const alert = await alertsService.visibleAlert(caller, body.alert_id);
      const typeMatches =
        body.alert_type === undefined ||
        body.alert_type === null ||
        body.alert_type === alert.alert_type ||
        body.alert_type === alert.alert_type_id;
      const tickerMatches = !body.ticker || body.ticker.trim().toUpperCase() === alert.ticker.toUpperCase();
      if (!typeMatches || !tickerMatches) throw badRequest(ALERT_MSG.invalidParameters);
      const trackerId = await repo.add(caller.userId, alert.id);
      alertsService.forgetTracked(caller.userId);
      const row = await repo.one(caller.userId, trackerId);
      if (!row) throw new DomainError('NOT_FOUND', ALERT_MSG.alertNotFound); // deleted in between
      return { data: toTrackerDto(row) };
    },

    /** POST /alerts/remove-tracker/: one of the caller's trackers, by tracker id. */
    async remove(caller: Caller, trackerId: number): Promise<{ message: string }> {
      const removed = await repo.remove(caller.userId, trackerId);
      alertsService.forgetTracked(caller.userId);
      if (!removed) throw new DomainError('NOT_FOUND', ALERT_MSG.trackerNotFound);
      return { message: ALERT_MSG.trackerRemoved };
    },

    /** POST /alerts/reset-trackers/: every alert tracker of the caller. */
    async reset(caller: Caller): Promise<{ message: string; removed: number }> {
      const removed = await repo.reset(caller.userId);
      alertsService.forgetTracked(caller.userId);
      return { message: ALERT_MSG.trackersReset, removed };
    },

    /** GET /alerts/tracker-alert: the alert of one of the caller's trackers, or of a trigger (is_trigger). */
    async alertOf(caller: Caller, id: number, isTrigger: boolean): Promise<{ data: AlertDto }> {
      const alertId = isTrigger ? await triggers.alertIdOf(id) : await repo.alertIdOf(caller.userId, id);
      if (alertId === undefined) {
        throw new DomainError('NOT_FOUND', isTrigger ? ALERT_MSG.alertNotFound : ALERT_MSG.trackerNotFound);
      }
      return { data: await alertsService.visibleAlert(caller, alertId) };
    },
  };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
