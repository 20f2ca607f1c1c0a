/**
 * The JSON of alerts as GET /alerts sends them, remembered per alert and row version, so that a
 * page read transfers and maps only (id, version, tracked) for alerts it has seen before.
 *
 * The version is the row's `xmin`: PostgreSQL gives every new row version (any UPDATE, the lifecycle
 * engine's included) a new one, so a changed alert never matches its old entry. Each entry holds the
 * alert's JSON without its closing brace; the caller's `tracked` is appended per request.
 */
export interface AlertJsonCache {
  get(id: number, version: string): string | undefined;
  set(id: number, version: string, open: string): void;
  readonly size: number;
}

/** About 1.3 kB per alert: 10,000 alerts are some 13 MB. */
export const ALERT_JSON_CACHE_MAX = 10_000;

export function createAlertJsonCache(max = ALERT_JSON_CACHE_MAX): AlertJsonCache {
  const entries = new Map<number, { version: string; open: string }>();
  return {
    get(id, version) {
      const hit = entries.get(id);
      return hit && hit.version === version ? hit.open : undefined;
    },
    set(id, version, open) {
      entries.delete(id);
      entries.set(id, { version, open });
      // Oldest written first out: the pages people read are the newest alerts, written last.
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}

/** An alert object as JSON without its closing brace, ready for `,"tracked":…}`. */
export function openJson(dto: object): string {
  const json = JSON.stringify(dto);
  return json.slice(0, -1);
}

/** `open` closed with the caller's tracked flag. */
export function closeJson(open: string, tracked: boolean): string {
  return `${open}${open.endsWith('{') ? '' : ','}"tracked":${tracked ? 'true' : 'false'}}`;
}
