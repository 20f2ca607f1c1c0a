import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth.service';

/** The browser's device cookie (README "Sign-in limits"): a random token, kept a year, sent to the API only. */
export const DEVICE_COOKIE = 'drat_device';
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

function deviceOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && /^[\w-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}

/** Who is calling, as sign-in and its limits see them: address, browser and device cookie. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
  device: deviceOf(request),
});
