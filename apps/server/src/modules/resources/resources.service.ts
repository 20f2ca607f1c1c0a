import type { Logger } from 'pino';
import {
  MSG,
  RESOURCE_LINK_SECONDS,
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
import type { RightsService, RightsSubject } from '../rights';
import { randomToken } from '../../core/secrets';
import { RESOURCE_KEY_PREFIX, type FileLinks, type LinkQuery } from './file-links';
import {
  detectPdf,
  detectSheet,
  detectThumbnail,
  detectVideo,
  type DetectedFile,
  type FileSample,
} from '../../core/file-types';
import { discardUploads, type ResourceForm, type Upload } from './resources.form';
import type { Audience, ResourcesRepo, ResourceWithTypes } from './resources.repo';

type FieldErrors = Record<string, string[]>;

const FILE_RULES: Record<
  ResourceType,
  { detect: (s: FileSample) => DetectedFile | null; required: string | null; wrong: string; what: string }
> = {
  PDF: { detect: detectPdf, required: RESOURCE_MSG.pdfRequired, wrong: RESOURCE_MSG.notPdf, what: 'PDF' },
  SHEET: { detect: detectSheet, required: RESOURCE_MSG.sheetRequired, wrong: RESOURCE_MSG.notSheet, what: 'sheet' },
  // A video may live elsewhere: a link instead of a file is checked with the fields.
  VIDEO: { detect: detectVideo, required: null, wrong: RESOURCE_MSG.notVideo, what: 'video' },
};

/** The links of a resource's stored files, made for one user. */
interface FileUrls {
  file: string | null;
  thumbnail: string | null;
}

function toResourceDto(r: ResourceWithTypes, urls: FileUrls): ResourceDto {
  return {
    id: r.id,
    name: r.name,
    created: r.createdAt.toISOString(),
    type: r.type,
    access: r.access,
    alert_types: r.alertTypes,
    file_url: urls.file,
    link: r.link,
    thumbnail_url: urls.thumbnail,
    video_time_duration: r.videoTimeDuration,
    description: r.description,
  };
}

function grouped(rows: ResourceWithTypes[], dto: (r: ResourceWithTypes) => ResourceDto): ResourcesResponse {
  const out: ResourcesResponse = { sheets: [], pdfs: [], videos: [] };
  for (const r of rows) out[RESOURCE_LIST_OF[r.type]].push(dto(r));
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
  detect: (s: FileSample) => DetectedFile | null,
  wrong: string,
) {
  if (upload.size > limit) {
    addError(errors, field, RESOURCE_MSG.tooLarge(what, limit));
    return null;
  }
  const detected = detect(upload.sample);
  if (!detected) addError(errors, field, wrong);
  return detected;
}

/**
 * Links live their life (RESOURCE_LINK_SECONDS) rounded up to the next 5 minutes: the same link
 * all that while, so reloading the page reuses the browser's cached thumbnails.
 */
const LINK_STEP_SECONDS = 5 * 60;

export interface ResourcesDeps {
  repo: ResourcesRepo;
  storage: StorageProvider;
  /** Links to files this server serves itself (disk storage). */
  links: FileLinks;
  /** Where uploads are streamed before they are stored (a folder of DATA_DIR). */
  incomingDir: string;
  /** Who a signed link was made for, to check again that they may still see the file. */
  users: { byId(id: number): Promise<(RightsSubject & { isActive: boolean }) | undefined> };
  rights: Pick<RightsService, 'rightsOf'>;
  now: () => Date;
  log: Logger;
}

/** The resources library (1-core §2, §7; 3-bots-admin-public §2.9, §5, §7). */
export function createResourcesService(deps: ResourcesDeps) {
  const { repo, storage, links, users, rights, now, log } = deps;

  /** A link to the stored file `key` for `userId`: the bucket's own presigned URL, or one of this server. */
  function linkTo(key: string | null, userId: number, seconds: number): string | null {
    if (!key) return null;
    const signed = storage.signedUrl(key, seconds);
    if (signed !== null) return signed;
    const expires = Math.ceil((now().getTime() / 1000 + seconds) / LINK_STEP_SECONDS) * LINK_STEP_SECONDS;
    return links.sign(key, userId, expires);
  }

  /** The answer for `userId`: each stored file behind a link signed for them. */
  const dtoFor = (userId: number) => (r: ResourceWithTypes) =>
    toResourceDto(r, {
      file: linkTo(r.fileKey, userId, r.type === 'VIDEO' ? RESOURCE_LINK_SECONDS.video : RESOURCE_LINK_SECONDS.file),
      thumbnail: linkTo(r.thumbnailKey, userId, RESOURCE_LINK_SECONDS.file),
    });

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
      if (!upload || !detected) return null;
      const key = `${RESOURCE_KEY_PREFIX}${token}-${name}.${detected.ext}`;
      await storage.put(key, { path: upload.path }, detected.mime);
      written.push(key);
      return key;
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

  /** Every rule of the form, then its files stored and its row written; nothing stays behind on failure. */
  async function createFrom(principal: Principal, form: ResourceForm): Promise<{ message: string; data: ResourceDto }> {
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
          fileKey: stored,
          thumbnailKey: thumb,
          createdBy: principal.user.id,
        },
        byTypes ? [...new Set(fields.alert_types)] : [],
      );
      const row = await repo.byId(id);
      return { message: RESOURCE_MSG.created, data: dtoFor(principal.user.id)(row!) };
    } catch (err) {
      await removeStored(written);
      throw err;
    }
  }

  return {
    /** Where the create form streams its files before they are stored (resources.form.ts). */
    incomingDir: deps.incomingDir,

    /** GET /resources: what the caller's plans give, newest first, with links signed for the caller. */
    async library(principal: Principal, rights: Rights): Promise<ResourcesResponse> {
      return grouped(await repo.visibleTo(audienceOf(rights)), dtoFor(principal.user.id));
    },

    /** GET /resources/alert-type/{id}: resources given to the type or to its whole category. */
    async forAlertType(principal: Principal, rights: Rights, alertTypeId: number): Promise<ResourcesResponse> {
      const alertType = await repo.alertType(alertTypeId);
      if (!alertType) throw new DomainError('NOT_FOUND', MSG.notFound);
      if (!rights.is_super && !rights.alert_types.some((t) => t.id === alertTypeId)) {
        throw new DomainError('FORBIDDEN', RESOURCE_MSG.alertTypeDenied);
      }
      return grouped(await repo.forAlertType(alertType.id, alertType.category), dtoFor(principal.user.id));
    },

    /** GET /resources/open/{id}: the resource with fresh links, when the caller may see it (else 404, as for none). */
    async open(principal: Principal, rights: Rights, id: number): Promise<ResourceDto> {
      const row = await repo.visibleById(id, audienceOf(rights));
      if (!row) throw new DomainError('NOT_FOUND', MSG.notFound);
      return dtoFor(principal.user.id)(row);
    },

    /**
     * GET /media/resources/… (http/media.ts): passes when the link is ours, unexpired, and its user
     * may still see the resource the file belongs to; answers how many seconds the link has left.
     * Refusals say why in words: no link, a link not ours (403), expired (403), plans that no
     * longer give the resource (403), a file no resource has (404).
     */
    async checkFileLink(key: string, query: LinkQuery): Promise<{ secondsLeft: number }> {
      if (query.sig === undefined && query.u === undefined && query.exp === undefined)
        throw new DomainError('FORBIDDEN', RESOURCE_MSG.fileLinkMissing);
      const link = links.read(key, query);
      if (!link) throw new DomainError('FORBIDDEN', RESOURCE_MSG.fileLinkInvalid);
      const secondsLeft = link.expires - Math.floor(now().getTime() / 1000);
      if (secondsLeft <= 0) throw new DomainError('FORBIDDEN', RESOURCE_MSG.fileLinkExpired);
      const user = await users.byId(link.userId);
      if (!user?.isActive) throw new DomainError('FORBIDDEN', RESOURCE_MSG.fileLinkRefused);
      const owner = await repo.ownerOfFile(key, audienceOf(await rights.rightsOf(user)));
      if (!owner) throw new DomainError('NOT_FOUND', MSG.notFound);
      if (!owner.visible) throw new DomainError('FORBIDDEN', RESOURCE_MSG.fileLinkRefused);
      return { secondsLeft };
    },

    /** POST /resources/create/: checked whole before anything is stored; the temporary files go in any case. */
    async create(principal: Principal, form: ResourceForm): Promise<{ message: string; data: ResourceDto }> {
      try {
        return await createFrom(principal, form);
      } finally {
        await discardUploads(form);
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
