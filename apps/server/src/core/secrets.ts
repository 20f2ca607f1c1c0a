import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-0'));

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const numericCode = (digits: number) => Array.from({ length: digits }, () => randomInt(0, 10)).join('');

/** An upper-case code that is easy to type from an e-mail (no 0/O or 1/I). */
export function typeableCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A secret of this installation kept in `file` (the embedded database's password, the key that signs
 * file links): made (`bytes` random bytes) on the first start, then read on every start, so a
 * restart keeps it. Processes starting at once agree: the file appears whole or not at all (written
 * aside, then linked into place; the loser reads the winner's).
 */
export function secretInFile(file: string, bytes = 32): string {
  const read = () => {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < 16) throw new Error(`${file} holds no usable secret: remove it to have a new one made`);
    return secret;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomToken(6)}`;
  fs.writeFileSync(aside, `${randomToken(bytes)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return read();
}
