import type { FastifyPluginAsync } from 'fastify';
import type { OutboxService } from '../outbox';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => s.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Demo mode only: the outbox as a page, so a person can read their OTP and reset e-mails
 * without a mail server. Never registered when DEMO_SEED is off, and only answered on this
 * machine: the mailbox holds every account's codes.
 */
export const mailboxRoutes: FastifyPluginAsync<{ outbox: OutboxService }> = async (app, { outbox }) => {
  // The socket's own address: request.ip follows X-Forwarded-For when TRUST_PROXY is set, and a
  // header anyone can write must not open every account's codes.
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return reply.status(404).send({ detail: 'Not found.' });
  });
  // ?to= keeps one person's codes in view when alerts are busy filling the outbox.
  const recipientOf = (query: unknown) => {
    const to = (query as { to?: unknown }).to;
    return typeof to === 'string' && to.length > 0 ? to.trim().toLowerCase() : undefined;
  };
  app.get('/api/dev/mailbox', { config: { public: true }, schema: { hide: true } }, async (req) => ({
    messages: await outbox.latest(100, recipientOf(req.query)),
  }));

  app.get('/dev/mailbox', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const rows = await outbox.latest(100, recipientOf(req.query));
    const items = rows
      .map(
        (
          m,
        ) => `<article><header><b>${escape(m.subject || (m.channel === 'SMS' ? 'Text message' : '(no subject)'))}</b> → ${escape(m.recipient)}
          <small>${m.createdAt.toISOString()} · ${m.channel} · ${m.status}</small></header>
          <pre>${linkify(escape(m.body))}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <title>DRAT demo mailbox</title><style>body{font:14px system-ui;max-width:860px;margin:2rem auto;padding:0 1rem}
      article{border:1px solid #ccc;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}small{color:#666;display:block}
      pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Demo mailbox</h1>
      <p>The newest 100 e-mails and SMS the server has sent. Shown only in demo mode.</p>${items || '<p>No messages yet.</p>'}</body></html>`);
  });
};
