import type { Logger } from 'pino';
import type { StoredAlert, TriggerRecord } from '../shared.repo';
import type { AlertTypeRef } from '../types/alert-types.repo';

export type AlertRecord = StoredAlert;
export type { TriggerRecord };
export type { AlertTypeRef };

/** A new alert is stored (published by a tool, the scanner or the 'New alert' form). */
export interface AlertPublishedEvent {
  alert: AlertRecord;
  alertType: AlertTypeRef;
}

/** The lifecycle wrote a new trigger (each kind once per alert). */
export interface TriggerCreatedEvent {
  trigger: TriggerRecord;
  /** The alert as the same transaction left it (completed, exit price, P/L...). */
  alert: AlertRecord;
  alertType: AlertTypeRef;
  /**
   * The event happened well before it was found (more than 15 minutes: a catch-up after downtime,
   * or the demo history being played through): worth an inbox entry, not an SMS at 3 a.m.
   */
  late: boolean;
}

type Listener<E> = (event: E) => unknown;

/**
 * The seam between the alert area and those who react to it (notifications). Listeners run after
 * the alert or trigger is committed, one after the other; a listener that throws is logged and
 * does not stop the others or the caller. Delivery is at least once (announcer.service.ts): the row is
 * marked told-of only after every listener succeeded, and the announce sweep tells again what a
 * crash or a failed listener left untold, so listeners must be safe to call twice (hand the event
 * to a keyed pg-boss job).
 *
 * Not emitted: alerts of the demo scanner's history backfill (made in the past at start-up).
 */
export function createAlertEvents(log: Logger) {
  const published: Listener<AlertPublishedEvent>[] = [];
  const triggers: Listener<TriggerCreatedEvent>[] = [];

  /** True when every listener succeeded. */
  async function emit<E>(listeners: Listener<E>[], event: E, what: string): Promise<boolean> {
    let ok = true;
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (err) {
        ok = false;
        log.error({ err }, `alert events: a ${what} listener failed`);
      }
    }
    return ok;
  }
  const subscribe = <E>(listeners: Listener<E>[], fn: Listener<E>) => {
    listeners.push(fn);
    return () => {
      const i = listeners.indexOf(fn);
      if (i >= 0) listeners.splice(i, 1);
    };
  };

  return {
    /** Calls `fn` after every new alert is stored; returns the unsubscribe function. */
    onAlertPublished: (fn: Listener<AlertPublishedEvent>) => subscribe(published, fn),
    /** Calls `fn` after every new trigger is stored; returns the unsubscribe function. */
    onTriggerCreated: (fn: Listener<TriggerCreatedEvent>) => subscribe(triggers, fn),
    emitAlertPublished: (event: AlertPublishedEvent) => emit(published, event, 'alert-published'),
    emitTriggerCreated: (event: TriggerCreatedEvent) => emit(triggers, event, 'trigger-created'),
  };
}
export type AlertEvents = ReturnType<typeof createAlertEvents>;
