/**
 * User data (3-bots-admin-public §2.10): the search, the export, deleting, the upload with its
 * report and the pending changes. Who may change the list is the routes' business (the staff
 * account); this service trusts it.
 */
import { Readable } from 'node:stream';
import {
  USER_DATA_FIELDS,
  USER_DATA_MSG,
  USER_DATA_REPORT_ROWS,
  type PendingChange,
  type UploadedUser,
  type UploadReport,
  type UserDataExportQuery,
  type UserDataField,
  type UserDataQuery,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { Tx, WithTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../users';
import type { Admin, AuditService } from './audit.service';
import { storedOf, type ContactDbRow, type UserDataRepo } from './user-data.repo';
import { changesOf, columnsOf, csvCell, keyOf, rowOf, tagsOf, type ContactRow } from './user-data.rows';

/** Rows read and written together during an upload. */
export const UPLOAD_BATCH = 1000;
/** Rows read at a time by the export. */
const EXPORT_CHUNK = 2000;
const EXPORT_COLUMNS = ['id', ...USER_DATA_FIELDS, 'date_added'] as const;

const dto = (r: ContactDbRow): UploadedUser => ({ ...storedOf(r), date_added: r.dateAdded.toISOString() });

export interface UserDataDeps {
  repo: UserDataRepo;
  audit: Pick<AuditService, 'record'>;
  withTransaction: WithTransaction;
  now: () => Date;
}

export function createUserData({ repo, audit, withTransaction, now }: UserDataDeps) {
  /** Writes one batch of cleaned rows: new people added, changes to known ones proposed. */
  async function writeBatch(batch: ContactRow[], at: Date, tx: Tx) {
    const key = (c: { email: string; phone_number: string }) => keyOf(c)!;
    const lookUp = async (rows: ContactRow[]) => {
      const known = await repo.known(
        rows.filter((r) => r.email).map((r) => r.email),
        rows.filter((r) => !r.email).map((r) => r.phone_number),
        tx,
      );
      return new Map(known.map((k) => [key({ email: k.email.toLowerCase(), phone_number: k.phoneNumber }), k]));
    };
    let known = await lookUp(batch);
    const fresh = batch.filter((r) => !known.has(key(r)));
    const added = await repo.insert(fresh, at, tx);
    // Added meanwhile by someone else's upload: treated as known.
    const addedKeys = new Set(added.map((a) => key({ email: a.email.toLowerCase(), phone_number: a.phoneNumber })));
    const late = fresh.filter((r) => !addedKeys.has(key(r)));
    if (late.length > 0) known = new Map([...known, ...(await lookUp(late))]);
    let pending = 0;
    let unchanged = 0;
    const proposals: Parameters<UserDataRepo['propose']>[0] = [];
    for (const row of batch) {
      const current = addedKeys.has(key(row)) ? undefined : known.get(key(row));
      if (!current) continue;
      const changes = changesOf(storedOf(current), row);
      if (changes.length === 0) unchanged += 1;
      else pending += 1;
      for (const [field, was, next] of changes) proposals.push({ contactId: current.id, field, current: was, next });
    }
    await repo.propose(proposals, at, tx);
    return { added: added.length, pending, unchanged };
  }

  /** Applies one pending change taken in `tx`. */
  async function apply(
    change: { contactId: number; fieldName: string; newValue: string },
    tx: Parameters<Parameters<WithTransaction>[0]>[0],
  ) {
    const field = change.fieldName as UserDataField;
    try {
      await repo.setField(change.contactId, field, field === 'tags' ? tagsOf(change.newValue) : change.newValue, tx);
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('CONFLICT', USER_DATA_MSG.emailTakenByOther);
      throw err;
    }
  }

  return {
    /** GET /manage-data/users/. */
    async list(q: UserDataQuery, canEdit: boolean) {
      const { page, page_size, ...search } = q;
      const { rows, total } = await repo.page(search, (page - 1) * page_size, page_size);
      return { data: rows.map(dto), total, page, page_size, can_edit: canEdit };
    },

    /**
     * GET /manage-data/users/download/: the CSV, read from the database a chunk at a time as the
     * answer is sent (100,000 people never sit in memory at once).
     */
    export(q: UserDataExportQuery): Readable {
      const { ids, ...search } = q;
      async function* lines() {
        yield `${EXPORT_COLUMNS.join(',')}\r\n`;
        let after = 0;
        for (;;) {
          const rows = await repo.exportChunk(search, ids, after, EXPORT_CHUNK);
          if (rows.length === 0) return;
          after = rows[rows.length - 1]!.id;
          yield rows
            .map((r) => {
              const d = dto(r);
              return `${EXPORT_COLUMNS.map((c) => csvCell(c === 'tags' ? d.tags.join(', ') : String(d[c]))).join(',')}\r\n`;
            })
            .join('');
        }
      }
      return Readable.from(lines());
    },

    /** DELETE /manage-data/users/delete/. */
    /** DELETE /manage-data/users/delete/: the people of these ids, and its audit entry, together. */
    async remove(admin: Admin, ids: number[]): Promise<void> {
      await withTransaction(async (tx) => {
        const deleted = await repo.remove(ids, tx);
        await audit.record(
          admin,
          {
            action: 'user-data.delete',
            subject: null,
            summary: `Deleted ${deleted} ${deleted === 1 ? 'person' : 'people'} from user data`,
            before: { ids: ids.length > 20 ? `${ids.length} ids` : ids },
          },
          tx,
        );
      });
    },

    /**
     * POST /manage-data/users/upload/: every row of the file, in order, read as it streams in.
     * The first row names the columns. A row is cleaned or skipped with its reason; a person
     * named twice in the file counts once. The report counts every row and lists the first 100
     * skipped ones. One transaction: a file that fails half way (too big, unreadable) leaves
     * nothing behind.
     */
    async upload(
      admin: Admin,
      rows: AsyncIterable<{ n: number; cells: string[] }>,
      filename: string,
      /** Runs once the rows are read, before anything is kept (it may still refuse the upload). */
      finish: () => Promise<void> = async () => undefined,
    ): Promise<UploadReport> {
      const report = await withTransaction(async (tx) => {
        const at = now();
        const report = {
          rows: 0,
          added: 0,
          pending: 0,
          unchanged: 0,
          skipped: 0,
          skipped_rows: [] as { row: number; reason: string }[],
        };
        const skip = (row: number, reason: string) => {
          report.skipped += 1;
          if (report.skipped_rows.length < USER_DATA_REPORT_ROWS) report.skipped_rows.push({ row, reason });
        };
        let columns: ReturnType<typeof columnsOf> | undefined;
        const seen = new Map<string, number>();
        let batch: ContactRow[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const done = await writeBatch(batch, at, tx);
          report.added += done.added;
          report.pending += done.pending;
          report.unchanged += done.unchanged;
          batch = [];
        };
        for await (const { n, cells } of rows) {
          if (columns === undefined) {
            columns = columnsOf(cells);
            if (columns === null) throw DomainError.field('file', USER_DATA_MSG.noColumns);
            continue;
          }
          report.rows += 1;
          const cleaned = rowOf(cells, columns!);
          if ('reason' in cleaned) {
            skip(n, cleaned.reason);
            continue;
          }
          const key = keyOf(cleaned.row);
          const first = key === null ? undefined : seen.get(key);
          if (first !== undefined) {
            skip(n, USER_DATA_MSG.rowDuplicate(first));
            continue;
          }
          if (key !== null) seen.set(key, n);
          batch.push(cleaned.row);
          if (batch.length >= UPLOAD_BATCH) await flush();
        }
        if (columns === undefined) throw DomainError.field('file', USER_DATA_MSG.noColumns);
        await flush();
        await finish();
        await audit.record(
          admin,
          {
            action: 'user-data.upload',
            subject: null,
            summary: `Uploaded ${filename}: ${report.added} added, ${report.pending} with pending changes, ${report.skipped} skipped`,
            after: {
              rows: report.rows,
              added: report.added,
              pending: report.pending,
              unchanged: report.unchanged,
              skipped: report.skipped,
            },
          },
          tx,
        );
        return report;
      });
      return { message: USER_DATA_MSG.uploaded, data: report };
    },

    /** GET /manage-data/pending-changes/. */
    async pending(canEdit: boolean) {
      const rows = await repo.pending();
      const data: PendingChange[] = rows.map((r) => ({
        id: r.id,
        user_id: r.contactId,
        user_email: r.email || r.phone || `${r.firstName} ${r.lastName}`.trim(),
        field_name: r.fieldName as UserDataField,
        current_value: r.currentValue,
        new_value: r.newValue,
        created_at: r.createdAt.toISOString(),
      }));
      return { data, can_edit: canEdit };
    },

    /** POST /manage-data/pending-changes/{id}/accept/ and /reject/, and the bulk of both. */
    async decide(admin: Admin, ids: number[], action: 'accept' | 'reject') {
      const decided = await withTransaction(async (tx) => {
        // People are changed in the order of their ids, so two decisions lock them in one order.
        const done = (await repo.takeChanges(ids, tx)).sort((a, b) => a.contactId - b.contactId || a.id - b.id);
        if (action === 'accept') for (const change of done) await apply(change, tx);
        if (done.length > 0) {
          await audit.record(
            admin,
            {
              action: `user-data.${action}`,
              subject: null,
              summary: `${action === 'accept' ? 'Accepted' : 'Rejected'} ${done.length} pending ${done.length === 1 ? 'change' : 'changes'} of user data`,
              before: Object.fromEntries(
                done.slice(0, 20).map((c) => [`${c.contactId}.${c.fieldName}`, c.currentValue]),
              ),
              after: Object.fromEntries(
                done
                  .slice(0, 20)
                  .map((c) => [`${c.contactId}.${c.fieldName}`, action === 'accept' ? c.newValue : c.currentValue]),
              ),
            },
            tx,
          );
        }
        return done.length;
      });
      if (ids.length === 1 && decided === 0) throw new DomainError('NOT_FOUND', USER_DATA_MSG.changeNotFound);
      const message =
        ids.length === 1
          ? action === 'accept'
            ? USER_DATA_MSG.accepted
            : USER_DATA_MSG.rejected
          : action === 'accept'
            ? USER_DATA_MSG.acceptedMany(decided)
            : USER_DATA_MSG.rejectedMany(decided);
      return { message, decided };
    },
  };
}
export type UserDataService = ReturnType<typeof createUserData>;
