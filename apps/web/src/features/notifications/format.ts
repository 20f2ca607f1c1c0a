const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const sameYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The moment in the reader's time zone, in full (for a tooltip). */
export function formatTimestamp(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : full.format(at);
}

/** 'Just now', '5 min ago', '3 h ago', then the date and time ('Mar 3, 2:05 PM'; with the year when not this one). */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 12 * 3600) return `${Math.floor(seconds / 3600)} h ago`;
  return at.getFullYear() === now.getFullYear() ? sameYear.format(at) : full.format(at);
}
