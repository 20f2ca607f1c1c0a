import { codeForStatus, ProviderError } from '../provider-error';
import type { SmsProvider } from './interface';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a local server speaking Twilio's API in tests. */
  baseUrl: string;
}

const TIMEOUT_MS = 15_000;
/** Twilio accepts up to 1600 characters in a message body. */
export const TWILIO_MAX_BODY = 1600;

/** A Messaging Service SID (MG + 32 hex digits) goes in MessagingServiceSid, anything else in From. */
const isMessagingService = (from: string) => /^MG[0-9a-fA-F]{32}$/.test(from);

interface TwilioError {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/**
 * Twilio's Programmable Messaging REST API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP basic auth with the account
 * SID and auth token. 201 answers the message with its `sid`; errors answer `{code, message,
 * more_info, status}`. 429 and 5xx (and network failures) are worth retrying; other refusals
 * (invalid number, bad credentials) are final.
 */
export function twilioSmsProvider(config: TwilioConfig): SmsProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const account = encodeURIComponent(config.accountSid);
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  return {
    name: 'twilio',

    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body.slice(0, TWILIO_MAX_BODY) });
      form.set(isMessagingService(config.from) ? 'MessagingServiceSid' : 'From', config.from);
      let response: Response;
      try {
        response = await fetch(`${base}/2010-04-01/Accounts/${account}/Messages.json`, {
          method: 'POST',
          headers: { authorization, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new ProviderError(
          'twilio',
          timedOut ? 'TIMEOUT' : 'NETWORK',
          `Twilio could not be reached: ${(err as Error).message}`,
          {
            path: 'Messages.json',
          },
        );
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      if (response.ok) {
        const sid = (body as { sid?: unknown }).sid;
        return typeof sid === 'string' ? { providerId: sid } : {};
      }
      const error = body as TwilioError;
      const detail = [error.code, error.message ?? (text.slice(0, 200) || response.statusText)]
        .filter(Boolean)
        .join(' ');
      // 429 and 5xx may pass later; a refused number, a bad request or wrong credentials will not.
      throw new ProviderError(
        'twilio',
        codeForStatus(response.status),
        `Twilio answered ${response.status}: ${detail}`,
        {
          status: response.status,
          path: 'Messages.json',
          ...(error.code === undefined ? {} : { vendorCode: error.code }),
        },
      );
    },

    async health() {
      try {
        const response = await fetch(`${base}/2010-04-01/Accounts/${account}.json`, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}
