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

/**
 * A notification's text cut into plain parts and web links (http and https only; a sentence's
 * closing punctuation stays out of the link), so the inbox can make the links clickable.
 */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const link = /https?:\/\/[^\s<>"']+/g;
  let at = 0;
  for (let m = link.exec(text); m; m = link.exec(text)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: url, href: url });
    at = m.index + url.length;
    link.lastIndex = at;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
