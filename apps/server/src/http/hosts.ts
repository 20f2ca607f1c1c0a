import type { FastifyInstance } from 'fastify';
import { INPUT_MSG } from '@drat/contracts';
import { DomainError } from '../core/errors';

/** The names this machine always answers to, whatever the configuration. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host name of a `Host` header without its port, lower-cased: `localhost:3000` → `localhost`,
 * `[::1]:3000` → `[::1]`. null when the header is missing or not a host.
 */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const text = header.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::\d{1,5})?$/.exec(text);
  if (!match) return null;
  // A fully qualified name may end in a dot ("localhost."): the same name.
  return match[1]!.replace(/\.$/, '');
}

/**
 * The host names the server answers to: this machine's own names, the host of PUBLIC_URL, and
 * ALLOWED_HOSTS. A name starting with a dot (`.example.com`) also allows every name under it, as
 * Vite's `server.allowedHosts` does.
 */
export function hostAllowed(publicUrl: string, allowed: readonly string[]): (name: string) => boolean {
  const exact = new Set([...LOOPBACK_NAMES, new URL(publicUrl).hostname.toLowerCase()]);
  const suffixes: string[] = [];
  for (const entry of allowed) {
    const name = entry.trim().toLowerCase();
    if (name.startsWith('.')) {
      suffixes.push(name);
      exact.add(name.slice(1));
    } else if (name) exact.add(name);
  }
  return (name) => exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
}

/**
 * Refuses every request (API, pages, the mailbox, the WebSocket, files) whose `Host` names another
 * server, before anything else runs: 421 Misdirected Request. A page on a name an attacker controls
 * that resolves to this machine (DNS rebinding) is then treated as another site by the browser and
 * refused by the server, so it cannot read the demo mailbox or act with a signed-in session.
 */
export function registerHostCheck(app: FastifyInstance, publicUrl: string, allowed: readonly string[]): void {
  const isAllowed = hostAllowed(publicUrl, allowed);
  // The few Host headers a server hears (its names, with and without the port) are remembered
  // as allowed; anything else is worked out each time, so nobody can fill the memory.
  const allowedHeaders = new Set<string>();
  app.addHook('onRequest', (request, reply, done) => {
    // An upgrade (one Node hands over as 'upgrade': `raw.upgrade`) that gets an HTTP answer
    // instead (refused here, asked of a route that is not the WebSocket, or refused by it) is
    // answered over the raw socket it brought, which nothing else closes: close it after the
    // answer. One taken up never gets one. (Here, in a hook every request runs anyway, rather than
    // in @fastify/websocket's global hooks: http/websocket.ts.)
    if ((request.raw as { upgrade?: boolean }).upgrade === true)
      reply.raw.once('finish', () => request.raw.socket.destroy());
    const header = request.headers.host;
    if (header !== undefined && allowedHeaders.has(header)) return done();
    const name = hostName(header);
    if (name !== null && isAllowed(name)) {
      if (header !== undefined && allowedHeaders.size < 64) allowedHeaders.add(header);
      return done();
    }
    done(new DomainError('MISDIRECTED_HOST', INPUT_MSG.hostNotAllowed(name ?? header ?? '')));
  });
}
