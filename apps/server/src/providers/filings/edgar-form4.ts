/**
 * Reads a Form 4 ownership document (EDGAR's XML, ownershipDocument): the reporting owner, their
 * relationship to the issuer and the non-derivative transactions. The XML is machine-written with
 * a fixed vocabulary, so a few tag look-ups are enough; no XML library is needed.
 */
import type { InsiderCode, InsiderTransaction } from './interface';

/** Inner text of each <tag>…</tag> (no nesting of the same tag in this vocabulary). */
function blocks(xml: string, tag: string): string[] {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]!);
}

function first(xml: string, tag: string): string | undefined {
  return blocks(xml, tag)[0];
}

function decode(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&amp;/g, '&')
    .trim();
}

/** The text of <tag>, or of its <value> child (Form 4 wraps most fields in <value>). */
function text(xml: string | undefined, tag: string): string | undefined {
  if (xml === undefined) return undefined;
  const inner = first(xml, tag);
  if (inner === undefined) return undefined;
  const value = first(inner, 'value');
  return decode(value ?? inner);
}

function flag(xml: string | undefined, tag: string): boolean {
  const v = text(xml, tag)?.toLowerCase();
  return v === '1' || v === 'true';
}

const CODES = new Set<InsiderCode>(['P', 'S', 'M', 'A', 'F', 'G']);

export interface Form4Meta {
  accessionNumber: string;
  filedAt: string;
  /** The filing's page on EDGAR. */
  url: string;
}

/**
 * The form's non-derivative transactions, one per transaction code (shares summed, price the
 * share-weighted average), in the form's order. Empty when the document is not a Form 4.
 */
export function parseForm4(xml: string, meta: Form4Meta): InsiderTransaction[] {
  const owner = first(xml, 'reportingOwner');
  if (!owner || !xml.includes('<ownershipDocument')) return [];
  const relation = first(owner, 'reportingOwnerRelationship');
  const name = text(owner, 'rptOwnerName') ?? 'Unknown';
  const position = flag(relation, 'isOfficer')
    ? (text(relation, 'officerTitle') ?? 'Officer')
    : flag(relation, 'isDirector')
      ? 'Director'
      : flag(relation, 'isTenPercentOwner')
        ? '10% Owner'
        : (text(relation, 'otherText') ?? 'Reporting owner');

  const groups = new Map<InsiderCode, InsiderTransaction & { priced: number; pricedShares: number }>();
  for (const tx of blocks(first(xml, 'nonDerivativeTable') ?? '', 'nonDerivativeTransaction')) {
    const raw = text(first(tx, 'transactionCoding'), 'transactionCode')?.toUpperCase() ?? '';
    const code: InsiderCode = CODES.has(raw as InsiderCode) ? (raw as InsiderCode) : 'OTHER';
    const amounts = first(tx, 'transactionAmounts');
    const shares = Number(text(amounts, 'transactionShares'));
    if (!Number.isFinite(shares) || shares <= 0) continue;
    const priceText = text(amounts, 'transactionPricePerShare');
    const price = priceText === undefined || priceText === '' ? NaN : Number(priceText);
    const acquired = text(amounts, 'transactionAcquiredDisposedCode')?.toUpperCase() === 'A';
    const date = text(tx, 'transactionDate')?.slice(0, 10) ?? meta.filedAt;
    const g = groups.get(code);
    if (!g) {
      groups.set(code, {
        id: `${meta.accessionNumber}-${groups.size + 1}`,
        ownerName: name,
        position,
        filedAt: meta.filedAt,
        transactionDate: date,
        code,
        shares,
        pricePerShare: null,
        acquired,
        url: meta.url,
        priced: Number.isFinite(price) && price > 0 ? price * shares : 0,
        pricedShares: Number.isFinite(price) && price > 0 ? shares : 0,
      });
    } else {
      g.shares += shares;
      if (Number.isFinite(price) && price > 0) {
        g.priced += price * shares;
        g.pricedShares += shares;
      }
    }
  }
  return [...groups.values()].map(({ priced, pricedShares, ...t }) => ({
    ...t,
    pricePerShare: pricedShares > 0 ? Math.round((priced / pricedShares) * 10_000) / 10_000 : null,
  }));
}

/** The raw XML of a Form 4 primary document (`xslF345X05/form4.xml` is the rendered view of `form4.xml`). */
export function rawForm4Document(primaryDocument: string): string {
  return primaryDocument.replace(/^xsl[^/]*\//, '');
}
