import { RESOURCE_LINK_SECONDS, type ResourceDto } from '@drat/contracts';

/** A link is renewed this long before it would expire: the click, the new tab and the first byte take a moment. */
const MARGIN_MS = 60_000;

/** How long the links of an answer live, at least, from when it arrived. */
export const linkLifeMs = (r: Pick<ResourceDto, 'type'>) =>
  (r.type === 'VIDEO' ? RESOURCE_LINK_SECONDS.video : RESOURCE_LINK_SECONDS.file) * 1000;

/** The list is read again this often, so its links (and thumbnails) are never older than a document's life allows. */
export const LINKS_REFRESH_MS = RESOURCE_LINK_SECONDS.file * 1000 - 3 * MARGIN_MS;

/**
 * Whether opening the resource needs a fresh link: its stored file's link, received `fetchedAt`,
 * may have expired by `now`. A video that lives elsewhere (`link`) never expires.
 */
export function needsFreshLink(
  r: Pick<ResourceDto, 'type' | 'link' | 'file_url'>,
  fetchedAt: number,
  now: number,
): boolean {
  if (r.link || !r.file_url) return false;
  return now - fetchedAt > linkLifeMs(r) - MARGIN_MS;
}

/** XLSX, XLS or CSV, from the stored file's name (the link's path; its query is the signature). */
export function fileKind(fileUrl: string | null, fallback: string): string {
  if (!fileUrl) return fallback;
  const pathname = new URL(fileUrl, 'http://drat.invalid').pathname;
  return /\.(\w+)$/.exec(pathname)?.[1]?.toUpperCase() ?? fallback;
}
