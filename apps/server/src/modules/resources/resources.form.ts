import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { RESOURCE_MAX_BYTES, RESOURCE_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { randomToken } from '../../core/secrets';
import { multipartFailure, nulError, nulField } from '../../http/input';
import { sampler, type FileSample } from '../../core/file-types';

/**
 * An uploaded file, streamed to a temporary file as it arrived (never held in memory): where it
 * is, its size, and its first and last bytes for telling what it is.
 */
export interface Upload {
  filename: string;
  path: string;
  size: number;
  sample: FileSample;
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

/** The temporary file could not be written (the disk, not the request): a 500, not a 400. */
class UploadNotKept extends Error {}

/**
 * Reads POST /resources/create/ (multipart/form-data), streaming each file to a temporary file in
 * `incomingDir` (the caller removes them: `discardUploads`). Empty text fields and empty files
 * count as absent; files of other names are read and dropped. A file past every type's limit ends
 * the request with 413 as soon as its bytes pass the limit, and nothing of the form stays on disk;
 * the limit of the chosen type is the service's to check. A NUL character in a field, its name or
 * a file's name is refused naming the field (as http/input.ts does for JSON bodies); a body busboy
 * cannot read is a 400.
 */
export async function readResourceForm(req: FastifyRequest, incomingDir: string): Promise<ResourceForm> {
  if (!req.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', RESOURCE_MSG.notMultipart);
  const form: ResourceForm = { fields: {}, file: undefined, thumbnail: undefined };
  try {
    await fs.promises.mkdir(incomingDir, { recursive: true });
    await readParts(req, form, incomingDir);
    return form;
  } catch (err) {
    await discardUploads(form);
    if (err instanceof UploadNotKept) throw err.cause;
    throw multipartFailure(err);
  }
}

/**
 * Removes temporary files older than `olderThanMs` from `incomingDir`: those a process stopped in
 * the middle of an upload left behind (an upload lasts minutes at most). Run at start-up.
 */
export function sweepStaleUploads(incomingDir: string, olderThanMs: number, now: Date): number {
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(incomingDir);
  } catch {
    return 0; // no folder yet: nothing was ever uploaded here
  }
  for (const name of names) {
    const file = path.join(incomingDir, name);
    try {
      if (now.getTime() - fs.statSync(file).mtimeMs > olderThanMs) {
        fs.rmSync(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile (another process swept it, or its upload finished).
    }
  }
  return removed;
}

/** Removes the form's temporary files (storage may have moved them away already). */
export async function discardUploads(form: ResourceForm): Promise<void> {
  for (const upload of [form.file, form.thumbnail]) {
    if (upload) await fs.promises.rm(upload.path, { force: true });
  }
}

async function readParts(req: FastifyRequest, form: ResourceForm, incomingDir: string): Promise<void> {
  // busboy lets one byte more than the limit through, so that receive() is the one to see it.
  const parts = req.parts({ limits: { fileSize: STREAM_LIMIT + 1, files: 3, fields: 100, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (nulField(part.fieldname) !== null) throw nulError('');
    if (part.type === 'file') {
      const field = part.fieldname;
      if (isFileField(field)) {
        const upload = { filename: part.filename, ...(await receive(part.file, incomingDir)) };
        // An empty file is no file; a field sent twice keeps its last file.
        const dropped = upload.size === 0 ? upload : form[field];
        if (upload.size > 0) form[field] = upload;
        if (dropped) await fs.promises.rm(dropped.path, { force: true });
      } else {
        await meter(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
      }
      if (nulField(part.filename) !== null) throw nulError(field);
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
}

/**
 * Streams one file of the form into `sink`, counting its bytes and keeping its sample. Past
 * STREAM_LIMIT the stream stops at once with 413.
 */
async function meter(source: Readable, sink: Writable): Promise<{ size: number; sample: FileSample }> {
  const sample = sampler();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > STREAM_LIMIT)
        return done(new DomainError('PAYLOAD_TOO_LARGE', RESOURCE_MSG.tooLarge('file', STREAM_LIMIT)));
      sample.add(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, counter, sink);
  return { size, sample: sample.sample() };
}

/** Streams one file of the form to a new file in `dir`; the partial file is removed when that fails. */
async function receive(source: Readable, dir: string): Promise<Omit<Upload, 'filename'>> {
  const file = path.join(dir, `${randomToken(12)}.upload`);
  let diskFailed = false;
  const sink = fs.createWriteStream(file, { flags: 'wx' }).once('error', () => {
    diskFailed = true;
  });
  try {
    return { path: file, ...(await meter(source, sink)) };
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw diskFailed ? new UploadNotKept('An upload could not be written to disk', { cause: err }) : err;
  }
}
