/**
 * Super users' notifications (3-bots-admin-public §2.8, §5 "Notification send", §8): the form's
 * rules in the spec's words, the people named checked (an unknown e-mail is refused, naming it),
 * the files checked by their bytes and stored, then the notifications area keeps the send and
 * fans it out in the background; the audit log keeps who sent what to whom.
 */
import path from 'node:path';
import { NOTIFY_MSG, notifyFields, type NotifyFields } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { detectPdf, detectSheet, detectThumbnail, sampleOf } from '../../core/file-types';
import { randomToken } from '../../core/secrets';
import type { NotificationsService } from '../notifications';
import type { UsersRepo } from '../users';
import type { StorageProvider } from '../../providers/storage/interface';
import type { Admin, AuditService } from './audit.service';
import type { NotifyForm } from './notify.form';

export interface NotifyDeps {
  notifications: Pick<NotificationsService, 'broadcast' | 'reached' | 'sent'>;
  users: Pick<UsersRepo, 'byEmails' | 'plans'>;
  storage: Pick<StorageProvider, 'put' | 'remove'>;
  audit: Pick<AuditService, 'record'>;
}

/** The form's fields checked with notifyFields; every broken rule on its field (400). */
function parse(fields: NotifyForm['fields']): NotifyFields {
  const parsed = notifyFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw DomainError.fields(parsed.error.issues);
}

/** A file's name as it is kept: its base name, plain characters, at most 100 of them. */
function safeName(filename: string, ext: string): string {
  const base = path
    .basename(filename.replace(/\\/g, '/'))
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${ext}`;
}

/** What a file is by its bytes: a PDF, an image or a spreadsheet, or null. */
function detect(bytes: Buffer) {
  const sample = sampleOf(bytes);
  return detectPdf(sample) ?? detectThumbnail(sample) ?? detectSheet(sample);
}

export function createNotify({ notifications, users, storage, audit }: NotifyDeps) {
  /** The users named by e-mail; an e-mail that is no user's is refused on its field. */
  async function named(field: 'user' | 'users', emails: string[]): Promise<number[]> {
    const found = await users.byEmails(emails);
    const known = new Set(found.map((u) => u.email.toLowerCase()));
    const unknown = [...new Set(emails)].filter((e) => !known.has(e));
    if (unknown.length > 0) throw DomainError.field(field, NOTIFY_MSG.unknownEmails(unknown));
    return found.map((u) => u.id);
  }

  return {
    /** POST /management/create-notification/: answers at once; the copies go out in the background. */
    async send(admin: Admin, form: NotifyForm) {
      const f = parse(form.fields);
      let userIds: number[] | undefined;
      let planIds: number[] | undefined;
      if (f.notification_type === 'single') userIds = await named('user', [f.user!]);
      if (f.notification_type === 'multiple') userIds = await named('users', f.users!);
      if (f.notification_type === 'users-on-plan') {
        const plans = new Set((await users.plans()).map((p) => p.id));
        planIds = [...new Set(f.plans!)];
        const unknown = planIds.filter((id) => !plans.has(id));
        if (unknown.length > 0) throw DomainError.field('plans', NOTIFY_MSG.unknownPlans(unknown));
      }
      const audience = userIds ? { userIds } : planIds ? { planIds } : 'all';
      if ((await notifications.reached(audience)) === 0) {
        const field =
          f.notification_type === 'users-on-plan'
            ? 'plans'
            : f.notification_type === 'all'
              ? 'notification_type'
              : f.notification_type === 'single'
                ? 'user'
                : 'users';
        throw DomainError.field(field, NOTIFY_MSG.nobody);
      }
      // Every file is checked before any is stored.
      const checked = form.files.map((file) => {
        const kind = detect(file.bytes);
        if (!kind) throw DomainError.field('file', NOTIFY_MSG.fileType(file.filename || 'A file'));
        return { ...file, kind };
      });
      const files: { name: string; type: string; url: string }[] = [];
      const stored: string[] = [];
      try {
        for (const file of checked) {
          const name = safeName(file.filename, file.kind.ext);
          // The link's own name keeps to letters, digits, dots, dashes and underscores.
          const key = `notifications/${randomToken(12)}/${name.replace(/[^\w.-]+/g, '_')}`;
          const { url } = await storage.put(key, file.bytes, file.kind.mime);
          stored.push(key);
          files.push({ name, type: file.kind.mime, url });
        }
        // The send and its audit entry are kept together, then it is queued. Not queued: the send
        // is taken back (broadcast), and the log says so after its 'sent' entry.
        let keptId: number | null = null;
        const sent = await notifications
          .broadcast(
            {
              sender: admin,
              title: f.title,
              message: f.message,
              channels: f.channels,
              audience: f.notification_type,
              ...(userIds ? { userIds } : {}),
              ...(planIds ? { planIds } : {}),
              files,
            },
            (kept, tx) => {
              keptId = kept.id;
              return audit.record(
                admin,
                {
                  action: 'notification.send',
                  subject: f.notification_type === 'single' ? { id: userIds![0]!, email: f.user! } : null,
                  summary: `Sent “${f.title}” to ${kept.recipients} ${kept.recipients === 1 ? 'person' : 'people'} (${f.notification_type}; in-app, ${f.channels.join(', ')})`,
                  after: {
                    id: kept.id,
                    title: f.title,
                    channels: f.channels,
                    notification_type: f.notification_type,
                    ...(f.notification_type === 'multiple' ? { users: f.users } : {}),
                    ...(planIds ? { plans: planIds } : {}),
                    files: files.map((x) => x.name),
                  },
                },
                tx,
              );
            },
          )
          .catch(async (err: unknown) => {
            if (keptId !== null)
              await audit
                .record(admin, {
                  action: 'notification.unsent',
                  subject: null,
                  summary: `“${f.title}” was not sent after all: it could not be queued`,
                  after: { id: keptId },
                })
                .catch(() => undefined);
            throw err;
          });
        return { message: NOTIFY_MSG.sent, data: sent };
      } catch (err) {
        // Nothing was sent: the files stored for it go too.
        await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
        throw err;
      }
    },

    /** GET /management/notifications. */
    sent: notifications.sent,
  };
}
export type NotifyService = ReturnType<typeof createNotify>;
