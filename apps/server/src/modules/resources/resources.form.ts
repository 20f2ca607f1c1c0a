import type { FastifyRequest } from 'fastify';
import { RESOURCE_MAX_BYTES, RESOURCE_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { multipartFailure, nulError, nulField } from '../../http/input';

/** An uploaded file, read whole. */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

/** The multipart create form as sent: text fields (repeated ones as lists) and the two files. */
export interface ResourceForm {
  fields: Record<string, string | string[]>;
  file: Upload | undefined;
  thumbnail: Upload | undefined;
}

const FILE_FIELDS = ['file', 'thumbnail'] as const;
type FileField = (typeof FILE_FIELDS)[number];
const isFileField = (name: string): name is FileField => (FILE_FIELDS as readonly string[]).includes(name);
/** Lists arrive as `alert_types` repeated (or `alert_types[]`, as some form libraries write it). */
const LIST_FIELDS = new Set(['alert_types']);

/** The largest file any type allows; each type's own limit is checked once the type is known. */
const STREAM_LIMIT = Math.max(...Object.values(RESOURCE_MAX_BYTES));

/**
 * Reads POST /resources/create/ (multipart/form-data). Empty text fields and empty files count as
 * absent; files of other names are read and dropped. A file past every type's limit ends the request
 * with 413; the limit of the chosen type is the service's to check. A NUL character in a field, its
 * name or a file's name is refused naming the field (as http/input.ts does for JSON bodies); a body
 * busboy cannot read is a 400.
 */
export async function readResourceForm(req: FastifyRequest): Promise<ResourceForm> {
  if (!req.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', RESOURCE_MSG.notMultipart);
  try {
    return await readParts(req);
  } catch (err) {
    throw multipartFailure(err);
  }
}

async function readParts(req: FastifyRequest): Promise<ResourceForm> {
  const form: ResourceForm = { fields: {}, file: undefined, thumbnail: undefined };
  const parts = req.parts({ limits: { fileSize: STREAM_LIMIT, files: 3, fields: 100, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (nulField(part.fieldname) !== null) throw nulError('');
    if (part.type === 'file') {
      const field = part.fieldname;
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError('PAYLOAD_TOO_LARGE', RESOURCE_MSG.tooLarge('file', STREAM_LIMIT));
        throw err;
      });
      if (nulField(part.filename) !== null) throw nulError(field);
      if (isFileField(field) && bytes.length > 0) form[field] = { filename: part.filename, bytes };
      continue;
    }
    const name = part.fieldname.replace(/\[\]$/, '');
    const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    if (nulField(value) !== null) throw nulError(name);
    if (value.trim() === '') continue;
    if (LIST_FIELDS.has(name)) {
      const list = form.fields[name];
      form.fields[name] = [
        ...(Array.isArray(list) ? list : []),
        ...value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ];
    } else {
      form.fields[name] = value;
    }
  }
  return form;
}
