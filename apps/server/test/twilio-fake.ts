import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A reply the next request gets instead of the normal behaviour. */
export interface ScriptedReply {
  status: number;
  body?: unknown;
}

/**
 * A local HTTP server speaking the part of Twilio's REST API the SMS adapter uses, with Twilio's
 * shapes: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded, basic auth) answers
 * 201 with the message and its `SM…` sid; errors answer `{code, message, more_info, status}`:
 * 401/20003 for wrong credentials, 400/21211 for a `To` that is not E.164, 400/21602 without a
 * body, 400/21603 without a sender. `script` makes the next requests answer something else
 * (429, 503, …). `GET /2010-04-01/Accounts/{AccountSid}.json` answers the account (health).
 */
export async function startFakeTwilio(
  credentials = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: 'twilio-secret' },
) {
  const requests: TwilioRequest[] = [];
  const accepted: TwilioRequest[] = [];
  const scripted: ScriptedReply[] = [];
  const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;

  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '').split('?')[0]!;
      const record: TwilioRequest = {
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(record);
      const next = scripted.shift();
      if (next) return json(res, next.status, next.body ?? {});
      if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
      const account = `/2010-04-01/Accounts/${credentials.accountSid}`;
      if (req.method === 'GET' && path === `${account}.json`) {
        return json(res, 200, { sid: credentials.accountSid, status: 'active' });
      }
      if (req.method !== 'POST' || path !== `${account}/Messages.json`) {
        return error(res, 404, 20404, `The requested resource ${path} was not found`);
      }
      const { To, From, MessagingServiceSid, Body } = record.form;
      if (!To || !/^\+[1-9]\d{6,14}$/.test(To))
        return error(res, 400, 21211, `The 'To' number ${To ?? ''} is not a valid phone number.`);
      if (!From && !MessagingServiceSid)
        return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
      if (!Body) return error(res, 400, 21602, 'Message body is required.');
      const now = new Date().toUTCString();
      const sid = `SM${randomBytes(16).toString('hex')}`;
      accepted.push(record);
      return json(res, 201, {
        sid,
        account_sid: credentials.accountSid,
        to: To,
        from: From ?? null,
        messaging_service_sid: MessagingServiceSid ?? null,
        body: Body,
        status: MessagingServiceSid ? 'accepted' : 'queued',
        num_segments: String(Math.ceil(Body.length / 153)),
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        uri: `${account}/Messages/${sid}.json`,
      });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    ...credentials,
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** The messages it accepted (answered 201). */
    accepted,
    /** The next requests answer these, in order, whatever they ask. */
    script: (...replies: ScriptedReply[]) => scripted.push(...replies),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
