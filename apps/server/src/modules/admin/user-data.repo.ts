/** User data's queries (contacts, contact_changes). */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserDataField, UserDataSearch } from '@drat/contracts';
import type { Db } from '../../db/client';
import { contactChanges, contacts } from '../../db/schema/index';
import { runnerOf, type Tx } from '../../db/transaction';
import type { ContactRow, StoredContact } from './user-data.rows';

export type ContactDbRow = typeof contacts.$inferSelect;

/** Each text field's property of `contacts` (tags, a list, apart). */
const KEY = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  twitter_handle: 'twitterHandle',
  instagram_handle: 'instagramHandle',
  phone_number: 'phoneNumber',
} as const;
const column = (field: keyof typeof KEY) => contacts[KEY[field]];

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The start of a New York calendar day. */
const nyDay = (day: string) => sql`(${day}::date::timestamp at time zone 'America/New_York')`;

/** The search of §5 "User search" as a condition on contacts. */
function searchOf(q: UserDataSearch): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.searchType && q.searchTerm) {
    parts.push(
      q.searchType === 'tag'
        ? sql`exists (select 1 from unnest(${contacts.tags}) t where t ilike ${like(q.searchTerm)})`
        : sql`${column(q.searchType)} ilike ${like(q.searchTerm)}`,
    );
  }
  if (q.has_tags) parts.push(sql`cardinality(${contacts.tags}) > 0`);
  if (q.no_tags) parts.push(sql`cardinality(${contacts.tags}) = 0`);
  const has = (on: boolean | undefined, field: keyof typeof KEY) => {
    if (on) parts.push(sql`${column(field)} <> ''`);
  };
  has(q.has_phone_number, 'phone_number');
  has(q.has_first_name, 'first_name');
  has(q.has_last_name, 'last_name');
  has(q.has_email, 'email');
  has(q.has_twitter, 'twitter_handle');
  has(q.has_instagram, 'instagram_handle');
  if (q.date_from) parts.push(sql`${contacts.dateAdded} >= ${nyDay(q.date_from)}`);
  if (q.date_to) parts.push(sql`${contacts.dateAdded} < ${nyDay(q.date_to)} + interval '1 day'`);
  return and(...parts);
}

export const storedOf = (r: ContactDbRow): StoredContact => ({
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  twitter_handle: r.twitterHandle,
  instagram_handle: r.instagramHandle,
  phone_number: r.phoneNumber,
  tags: r.tags,
});

const valuesOf = (r: ContactRow, at: Date) => ({
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  twitterHandle: r.twitter_handle,
  instagramHandle: r.instagram_handle,
  phoneNumber: r.phone_number,
  tags: r.tags,
  dateAdded: at,
});

export function userDataRepo(db: Db) {
  return {
    async page(q: UserDataSearch, offset: number, limit: number) {
      const where = searchOf(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contacts)
          .where(where)
          .orderBy(desc(contacts.dateAdded), desc(contacts.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(contacts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The next `limit` rows of the search (or of `ids`) after id `afterId`, by id: the export's pages. */
    exportChunk: (q: UserDataSearch, ids: number[] | undefined, afterId: number, limit: number) =>
      db
        .select()
        .from(contacts)
        .where(and(ids ? inArray(contacts.id, ids) : searchOf(q), sql`${contacts.id} > ${afterId}`))
        .orderBy(asc(contacts.id))
        .limit(limit),

    /** The people these rows name already (by e-mail, else by phone among those without one). */
    async known(emails: string[], phones: string[], tx: Tx): Promise<ContactDbRow[]> {
      if (emails.length === 0 && phones.length === 0) return [];
      return runnerOf(db, tx)
        .select()
        .from(contacts)
        .where(
          sql`(lower(${contacts.email}) = any(${sql.param(emails)}::text[]) and ${contacts.email} <> '')
           or (${contacts.email} = '' and ${contacts.phoneNumber} = any(${sql.param(phones)}::text[]) and ${contacts.phoneNumber} <> '')`,
        );
    },

    /** Adds new people; answers the keys of those added (one already there meanwhile is not). */
    async insert(rows: ContactRow[], at: Date, tx: Tx): Promise<{ email: string; phoneNumber: string }[]> {
      if (rows.length === 0) return [];
      return runnerOf(db, tx)
        .insert(contacts)
        .values(rows.map((r) => valuesOf(r, at)))
        .onConflictDoNothing()
        .returning({ email: contacts.email, phoneNumber: contacts.phoneNumber });
    },

    /** Proposes changes; a later proposal for a person's field replaces the earlier one. */
    async propose(
      changes: { contactId: number; field: UserDataField; current: string; next: string }[],
      at: Date,
      tx: Tx,
    ) {
      if (changes.length === 0) return;
      await runnerOf(db, tx)
        .insert(contactChanges)
        .values(
          changes.map((c) => ({
            contactId: c.contactId,
            fieldName: c.field,
            currentValue: c.current,
            newValue: c.next,
            createdAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [contactChanges.contactId, contactChanges.fieldName],
          set: {
            currentValue: sql`excluded.current_value`,
            newValue: sql`excluded.new_value`,
            createdAt: sql`excluded.created_at`,
          },
        });
    },

    pending: () =>
      db
        .select({
          id: contactChanges.id,
          contactId: contactChanges.contactId,
          email: contacts.email,
          phone: contacts.phoneNumber,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          fieldName: contactChanges.fieldName,
          currentValue: contactChanges.currentValue,
          newValue: contactChanges.newValue,
          createdAt: contactChanges.createdAt,
        })
        .from(contactChanges)
        .innerJoin(contacts, eq(contacts.id, contactChanges.contactId))
        .orderBy(asc(contactChanges.createdAt), asc(contactChanges.id)),

    /**
     * Takes the pending changes of these ids that are still there (locked until `tx` ends), in one
     * statement: two bulk decisions over the same changes wait for each other instead of deadlocking.
     */
    async takeChanges(ids: number[], tx: Tx) {
      return runnerOf(db, tx).delete(contactChanges).where(inArray(contactChanges.id, ids)).returning();
    },

    /** Sets one field of a person (tags as a list). */
    async setField(contactId: number, field: UserDataField, value: string | string[], tx: Tx): Promise<void> {
      const set = field === 'tags' ? { tags: value as string[] } : { [KEY[field]]: value as string };
      await runnerOf(db, tx).update(contacts).set(set).where(eq(contacts.id, contactId));
    },

    async remove(ids: number[], tx?: Tx): Promise<number> {
      const rows = await runnerOf(db, tx)
        .delete(contacts)
        .where(inArray(contacts.id, ids))
        .returning({ id: contacts.id });
      return rows.length;
    },
  };
}
export type UserDataRepo = ReturnType<typeof userDataRepo>;
