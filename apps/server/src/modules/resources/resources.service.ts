import type { Logger } from 'pino';
import {
  MSG,
  RESOURCE_LIST_OF,
  RESOURCE_MAX_BYTES,
  RESOURCE_MSG,
  RESOURCE_THUMBNAIL_MAX_BYTES,
  RESOURCE_TYPES,
  resourceCreateFields,
  type ResourceCreateFields,
  type ResourceDto,
  type ResourcesResponse,
  type ResourceType,
  type Rights,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { StorageProvider } from '../../providers/storage/interface';
import type { Principal } from '../auth';
import { randomToken } from '../../core/secrets';
import { detectPdf, detectSheet, detectThumbnail, detectVideo, type DetectedFile } from './file-types';
import type { ResourceForm, Upload } from './resources.form';
import type { Audience, ResourcesRepo, ResourceWithTypes } from './resources.repo';

type FieldErrors = Record<string, string[]>;

const FILE_RULES: Record<
  ResourceType,
  { detect: (b: Buffer) => DetectedFile | null; required: string | null; wrong: string; what: string }
> = {
  PDF: { detect: detectPdf, required: RESOURCE_MSG.pdfRequired, wrong: RESOURCE_MSG.notPdf, what: 'PDF' },
  SHEET: { detect: detectSheet, required: RESOURCE_MSG.sheetRequired, wrong: RESOURCE_MSG.notSheet, what: 'sheet' },
  // A video may live elsewhere: a link instead of a file is checked with the fields.
  VIDEO: { detect: detectVideo, required: null, wrong: RESOURCE_MSG.notVideo, what: 'video' },
};

export function toResourceDto(r: ResourceWithTypes): ResourceDto {
  return {
    id: r.id,
    name: r.name,
    created: r.createdAt.toISOString(),
    type: r.type,
    access: r.access,
    alert_types: r.alertTypes,
    file_url: r.fileUrl,
    link: r.link,
    thumbnail_url: r.thumbnailUrl,
    video_time_duration: r.videoTimeDuration,
    description: r.description,
  };
}

function grouped(rows: ResourceWithTypes[]): ResourcesResponse {
  const out: ResourcesResponse = { sheets: [], pdfs: [], videos: [] };
  for (const r of rows) out[RESOURCE_LIST_OF[r.type]].push(toResourceDto(r));
  return out;
}

const audienceOf = (rights: Rights): Audience =>
  rights.is_super
    ? { all: true }
    : { all: false, categories: rights.alert_categories, alertTypeIds: rights.alert_types.map((t) => t.id) };

/** A file name people recognise when they download it: `<token>-<name>.<ext>`. */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '') || 'resource';

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Size first, then what the bytes are. */
function checkUpload(
  errors: FieldErrors,
  field: string,
  upload: Upload,
  limit: number,
  what: string,
  detect: (b: Buffer) => DetectedFile | null,
  wrong: string,
) {
  if (upload.bytes.length > limit) {
    addError(errors, field, RESOURCE_MSG.tooLarge(what, limit));
    return null;
  }
  const detected = detect(upload.bytes);
  if (!detected) addError(errors, field, wrong);
  return detected;
}

/** The resources library (1-core §2, §7; 3-bots-admin-public §2.9, §5, §7). */
export function createResourcesService(deps: { repo: ResourcesRepo; storage: StorageProvider; log: Logger }) {
  const { repo, storage, log } = deps;

  /** Every rule of the create form at once; answers the checked fields and the files' real types. */
  async function validate(form: ResourceForm) {
    const errors: FieldErrors = {};
    const parsed = resourceCreateFields.safeParse(form.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        addError(errors, String(issue.path[0] ?? 'non_field_errors'), issue.message);
    }
    const rawType = form.fields.type;
    const type = RESOURCE_TYPES.find((t) => t === rawType);
    let file: DetectedFile | null = null;
    let thumbnail: DetectedFile | null = null;
    if (type) {
      const rule = FILE_RULES[type];
      if (form.file)
        file = checkUpload(errors, 'file', form.file, RESOURCE_MAX_BYTES[type], rule.what, rule.detect, rule.wrong);
      else if (rule.required) addError(errors, 'file', rule.required);
      else if (type === 'VIDEO' && !form.fields.link) addError(errors, 'file', RESOURCE_MSG.videoRequired);
    }
    if (form.thumbnail) {
      thumbnail = checkUpload(
        errors,
        'thumbnail',
        form.thumbnail,
        RESOURCE_THUMBNAIL_MAX_BYTES,
        'thumbnail',
        detectThumbnail,
        RESOURCE_MSG.notThumbnail,
      );
    }
    if (parsed.success && parsed.data.alert_types.length > 0) {
      const known = await repo.existingAlertTypeIds(parsed.data.alert_types);
      if (parsed.data.alert_types.some((id) => !known.has(id)))
        addError(errors, 'alert_types', RESOURCE_MSG.unknownAlertType);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first !== undefined || !parsed.success)
      throw new DomainError('VALIDATION', first ?? RESOURCE_MSG.saveFailed, { details: errors });
    return { fields: parsed.data, file, thumbnail };
  }

  /** Removes stored files; a failure is logged, never thrown (the row decides what exists). */
  async function removeStored(keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      await storage
        .remove(key)
        .catch((err: unknown) => log.warn({ err, key }, 'a stored resource file could not be removed'));
    }
  }

  async function store(
    fields: ResourceCreateFields,
    form: ResourceForm,
    file: DetectedFile | null,
    thumbnail: DetectedFile | null,
  ) {
    const token = randomToken(9);
    const written: string[] = [];
    const put = async (upload: Upload | undefined, detected: DetectedFile | null, name: string) => {
      if (!upload || !detected) return { key: null, url: null };
      const key = `resources/${token}-${name}.${detected.ext}`;
      const { url } = await storage.put(key, upload.bytes, detected.mime);
      written.push(key);
      return { key, url };
    };
    try {
      const stored = await put(form.file, file, slug(fields.name));
      const thumb = await put(form.thumbnail, thumbnail, `${slug(fields.name)}-thumbnail`);
      return { stored, thumb, written };
    } catch (err) {
      await removeStored(written);
      throw err;
    }
  }

  return {
    /** GET /resources: what the caller's plans give, newest first. */
    async library(rights: Rights): Promise<ResourcesResponse> {
      return grouped(await repo.visibleTo(audienceOf(rights)));
    },

    /** GET /resources/alert-type/{id}: resources given to the type or to its whole category. */
    async forAlertType(rights: Rights, alertTypeId: number): Promise<ResourcesResponse> {
      const alertType = await repo.alertType(alertTypeId);
      if (!alertType) throw new DomainError('NOT_FOUND', MSG.notFound);
      if (!rights.is_super && !rights.alert_types.some((t) => t.id === alertTypeId)) {
        throw new DomainError('FORBIDDEN', RESOURCE_MSG.alertTypeDenied);
      }
      return grouped(await repo.forAlertType(alertType.id, alertType.category));
    },

    /** POST /resources/create/: checked whole before anything is stored; nothing stays behind on failure. */
    async create(principal: Principal, form: ResourceForm): Promise<{ message: string; data: ResourceDto }> {
      const { fields, file, thumbnail } = await validate(form);
      const { stored, thumb, written } = await store(fields, form, file, thumbnail);
      try {
        const byTypes = fields.access === undefined;
        const id = await repo.insert(
          {
            name: fields.name,
            type: fields.type,
            access: byTypes ? null : (fields.access ?? null),
            description: fields.description ?? '',
            videoTimeDuration: fields.type === 'VIDEO' ? (fields.video_time_duration ?? null) : null,
            link: fields.link ?? null,
            fileKey: stored.key,
            fileUrl: stored.url,
            thumbnailKey: thumb.key,
            thumbnailUrl: thumb.url,
            createdBy: principal.user.id,
          },
          byTypes ? [...new Set(fields.alert_types)] : [],
        );
        const row = await repo.byId(id);
        return { message: RESOURCE_MSG.created, data: toResourceDto(row!) };
      } catch (err) {
        await removeStored(written);
        throw err;
      }
    },

    /** DELETE /resources/{id}: the row, then its stored files. */
    async remove(id: number): Promise<{ message: string }> {
      const row = await repo.remove(id);
      if (!row) throw new DomainError('NOT_FOUND', MSG.notFound);
      await removeStored([row.fileKey, row.thumbnailKey]);
      return { message: RESOURCE_MSG.deleted };
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
