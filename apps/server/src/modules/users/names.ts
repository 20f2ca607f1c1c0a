/** The longest first or last name DRAT's own forms accept (the free-trial sign-up's). */
const NAME_MAX = 150;

/**
 * "Ada King Lovelace" → first name "Ada", last name "King Lovelace" (everything after the first
 * word), each cut to that length (a
 * buyer's name at a payment provider may be longer). A missing name gives two empty names.
 */
export function splitName(full: string | null): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (full ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: first.slice(0, NAME_MAX), lastName: rest.join(' ').slice(0, NAME_MAX) };
}
