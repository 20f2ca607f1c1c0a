/** America/New_York helpers: Tradier's dates, timesales times and clock are in Eastern time. */
const ET = 'America/New_York';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ET,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function etWall(at: Date | number): WallTime {
  const out: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(typeof at === 'number' ? new Date(at) : at)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** YYYY-MM-DD of the Eastern calendar day containing `at`. */
export function etDate(at: Date | number): string {
  const w = etWall(at);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** "YYYY-MM-DD HH:MM" Eastern, the format of timesales' start/end. */
export function etDateTime(at: Date | number): string {
  const w = etWall(at);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** Offset of Eastern wall time from UTC at `utcMs`, in ms (−4 h in summer, −5 h in winter). */
function etOffsetMs(utcMs: number): number {
  const w = etWall(utcMs);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** Epoch ms of an Eastern wall time ("YYYY-MM-DD", hour, minute). */
export function etToEpochMs(date: string, hour = 0, minute = 0, second = 0): number {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, minute, second);
  let guess = naive - etOffsetMs(naive);
  // One correction step handles the hours around a DST change.
  guess = naive - etOffsetMs(guess);
  return guess;
}

/** Parses "YYYY-MM-DDTHH:MM[:SS]" as Eastern wall time. */
export function etIsoLocalToEpochMs(local: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return undefined;
  return etToEpochMs(m[1]!, Number(m[2]), Number(m[3]), Number(m[4] ?? 0));
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
}
