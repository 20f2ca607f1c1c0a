import type { FastifyRequest } from 'fastify';
import { INPUT_MSG, NOTIFY_FILE_MAX_BYTES, NOTIFY_FILES_MAX, NOTIFY_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { multipartFailure, nulError, nulField } from '../../http/input';

/** A file of the form, whole (at most NOTIFY_FILE_MAX_BYTES, NOTIFY_FILES_MAX of them). */
export interface NotifyFile {
  filename: string;
  bytes: Buffer;
}

/** The send form as sent: text fields (a field sent again becomes a list) and the files. */
export interface NotifyForm {
  fields: Record<string, string | string[]>;
  files: NotifyFile[];
}

/** The longest text field: `users` lists up to a thousand e-mails. */
const FIELD_BYTES = 256 * 1024;

/**
 * Reads POST /management/create-notification/ (multipart/form-data). Empty fields and empty files
 * count as absent; a field sent twice (`channels`, `plans`) becomes a list. A file past its limit
 * or one file too many ends the request with 413 naming the rule; a NUL character in a field, its
 * name or a file's name is refused naming the field, as http/input.ts does for JSON bodies.
 */
export async function readNotifyForm(req: FastifyRequest): Promise<NotifyForm> {
  if (!req.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', NOTIFY_MSG.notMultipart);
  const form: NotifyForm = { fields: {}, files: [] };
  // busboy lets one byte more than the limit through, so that the check below sees it.
  const parts = req.parts({
    limits: { files: NOTIFY_FILES_MAX + 1, fileSize: NOTIFY_FILE_MAX_BYTES + 1, fields: 40, fieldSize: FIELD_BYTES },
  });
  try {
    for await (const part of parts) {
      if (nulField(part.fieldname) !== null) throw nulError('');
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (nulField(part.filename) !== null) throw nulError(name);
        if (bytes.length > NOTIFY_FILE_MAX_BYTES)
          throw new DomainError('PAYLOAD_TOO_LARGE', NOTIFY_MSG.fileTooLarge(part.filename));
        if (bytes.length === 0) continue;
        if (form.files.length >= NOTIFY_FILES_MAX) throw new DomainError('PAYLOAD_TOO_LARGE', NOTIFY_MSG.tooManyFiles);
        form.files.push({ filename: part.filename, bytes });
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      if (nulField(value) !== null) throw nulError(name);
      if (part.valueTruncated)
        throw new DomainError('PAYLOAD_TOO_LARGE', INPUT_MSG.bodyTooLarge(`${FIELD_BYTES / 1024} KB`));
      if (value.trim() === '') continue;
      const had = form.fields[name];
      form.fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
  } catch (err) {
    if (err !== null && typeof err === 'object' && 'code' in err && err.code === 'FST_FILES_LIMIT')
      throw new DomainError('PAYLOAD_TOO_LARGE', NOTIFY_MSG.tooManyFiles);
    if (err !== null && typeof err === 'object' && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('PAYLOAD_TOO_LARGE', NOTIFY_MSG.fileTooLarge('A file'));
    throw multipartFailure(err);
  }
  return form;
}
