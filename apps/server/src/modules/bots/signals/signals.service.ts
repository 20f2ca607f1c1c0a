/**
 * Outside signals (docs/bot-rules.md, "Signals"): a subscriber's webhook hands TradingView-style
 * messages to one of their bots. A buy takes the bot's turn as an alert of its own type would
 * (bot-turn.ts: filters, limits, the trade through trading's one entry, the log); a sell or an exit
 * closes the bot's running trades on the ticker through the same entry. Every signal is recorded
 * before it acts (the same id twice acts once), with what it did and why; a bad signature or a
 * revoked webhook is refused and recorded too.
 */
import { createHmac } from 'node:crypto';
import {
  isOptionsCategory,
  SIGNAL_BODY_MAX,
  SIGNAL_LIST_MAX,
  SIGNAL_MSG,
  SIGNAL_RATE,
  signalMessage,
  type SignalMessage,
  type SignalReply,
  type WebhookCreated,
  type WebhookDto,
} from '@drat/contracts';
import { dec } from '@drat/engine';
import type { Logger } from 'pino';
import type { Acting, Actor } from '../../../core/actor';
import { DomainError, isDomainError } from '../../../core/errors';
import type { Sealer } from '../../../core/sealed';
import { randomToken, sameHash } from '../../../core/secrets';
import { readBody } from '../../../core/read-body';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { Principal, RateLimiter } from '../../auth';
import type { TradingArea } from '../../trading';
import { contractOf, type BotTurn, type Opportunity } from '../bot-turn';
import type { BotRow, BotsRepo } from '../bots.repo';
import type { SignalsRepo } from './signals.repo';

export interface SignalsDeps {
  repo: SignalsRepo;
  bots: Pick<BotsRepo, 'byId' | 'log'>;
  turns: BotTurn;
  trading: Pick<TradingArea, 'smartTrades'>;
  market: Pick<MarketDataProvider, 'quotes' | 'calendar' | 'now'>;
  /** Seals the webhooks' secrets at rest. */
  sealer: Sealer;
  /** The public address of the API (webhook URLs are made from it). */
  publicUrl: string;
  /** Asks the caller's password again (a webhook places trades). */
  assertFreshPassword(principal: Principal, action: 'SIGNAL_WEBHOOK'): Promise<void>;
  /** Counts each webhook's signals (SIGNAL_RATE), shared by every server process. */
  limiter: Pick<RateLimiter, 'hit'>;
  now: () => Date;
  log: Logger;
}

/**
 * A webhook's budgets: a flood (a misconfigured script, someone who found the address) stops here,
 * recording nothing. Refused signals have their own, so forged ones never use up the owner's.
 */
const SIGNALS_PER_HOOK = { action: 'signals:hook', ...SIGNAL_RATE };
const REFUSED_PER_HOOK = { action: 'signals:refused', ...SIGNAL_RATE };

type Levels = NonNullable<SignalMessage['prices']>;
const LEVELS: (keyof Levels)[] = ['entry_1', 'entry_2', 'target_1', 'target_2', 'stop_loss'];

/** The expected `X-Drat-Signature` of a body. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export function createSignals(deps: SignalsDeps) {
  const { repo, bots, turns, trading, market, sealer, now, log } = deps;
  const urlOf = (key: string) => `${deps.publicUrl.replace(/\/+$/, '')}/api/signals/hook/${key}`;

  async function hookDto(userId: number): Promise<WebhookDto | null> {
    const hook = await repo.liveHook(userId);
    if (!hook) return null;
    return {
      bot_id: hook.botId,
      bot_name: hook.botName,
      url_end: `…${hook.key.slice(-6)}`,
      created: hook.createdAt.toISOString(),
      last_signal: hook.lastSignal?.toISOString() ?? null,
    };
  }

  /** One of the caller's active bots of a stock category (a signal buys shares). */
  async function ownBot(who: Acting, botId: number): Promise<BotRow> {
    const bot = await bots.byId(botId);
    if (!bot || bot.userId !== who.userId) throw DomainError.field('bot_id', SIGNAL_MSG.botNotYours);
    if (!bot.active) throw DomainError.field('bot_id', SIGNAL_MSG.botInactive);
    if (isOptionsCategory(bot.typeName)) throw DomainError.field('bot_id', SIGNAL_MSG.botOptions);
    return bot;
  }

  /** Whether the message is the webhook's owner's: the signature header, or the secret in the message. */
  function authentic(secret: string, raw: string, signature: string | undefined, parsed: unknown): boolean {
    if (signature !== undefined) return sameHash(signature.trim().toLowerCase(), signatureOf(secret, raw));
    const given = typeof parsed === 'object' && parsed !== null ? (parsed as { secret?: unknown }).secret : undefined;
    return typeof given === 'string' && sameHash(given, secret);
  }

  /** The buy's five levels: as sent, or each a percent of the last price (to the cent). */
  function levelsOf(m: SignalMessage, last: number): Record<keyof Levels, number> {
    const out = {} as Record<keyof Levels, number>;
    for (const k of LEVELS) {
      out[k] = m.prices
        ? m.prices[k]
        : dec(String(last))
            .times(dec(100).plus(String(m.offsets![k])))
            .div(100)
            .toDecimalPlaces(2)
            .toNumber();
    }
    return out;
  }

  /** A buy: the bot's turn, as an alert of its own type at these prices. */
  async function buy(
    bot: BotRow,
    m: SignalMessage,
    rowId: number,
    by: Actor,
  ): Promise<SignalReply & { tradeId: number | null }> {
    const [quote] = await market.quotes([m.ticker]);
    const label = `${m.ticker} (signal ${m.id})`;
    if (!quote || !(quote.last > 0)) {
      const text = `Skipped ${label}: its last price is not known.`;
      await bots.log([bot.id], text, now());
      return { status: 'SKIPPED', message: text, tradeId: null };
    }
    const l = levelsOf(m, quote.last);
    const none = {
      strategy: null,
      singleExpiration: null,
      singleStrike: null,
      legOneExpiration: null,
      legOneStrike: null,
    };
    const opportunity: Opportunity = {
      ...none,
      legTwoStrike: null,
      legOneType: null,
      legTwoType: null,
      ticker: m.ticker,
      alert_type: bot.typeName,
      alert_price: quote.last,
      buy_range_low: l.entry_1,
      buy_range_high: l.entry_2,
      target_range_low: l.target_1,
      target_range_high: l.target_2,
      stop_loss: l.stop_loss,
      alertId: null,
      source: `signal:${rowId}`,
      label,
      day: market.calendar.dateOf(market.now()),
    };
    const contract = contractOf(opportunity);
    const outcome = await turns.turn(bot, opportunity, turns.readsOf(opportunity, contract), contract, { by });
    if (outcome.kind === 'TRADED') return { status: 'TRADED', message: outcome.text, tradeId: outcome.tradeId };
    if (outcome.kind === 'SKIPPED') return { status: 'SKIPPED', message: outcome.text, tradeId: null };
    return { status: 'SKIPPED', message: `Skipped ${label}: the bot took this signal before.`, tradeId: null };
  }

  /** A sell or an exit: the bot's running trades on the ticker are cancelled (what they hold is sold). */
  async function close(bot: BotRow, m: SignalMessage, by: Actor): Promise<SignalReply & { tradeId: number | null }> {
    const running = await repo.runningTradesOf(bot.id, m.ticker);
    const label = `${m.ticker} (signal ${m.id}, ${m.action})`;
    if (running.length === 0) {
      const text = `Skipped ${label}: bot ${bot.name} has no running trade on ${m.ticker}.`;
      await bots.log([bot.id], text, now());
      return { status: 'SKIPPED', message: text, tradeId: null };
    }
    const closed: number[] = [];
    const refused: string[] = [];
    for (const id of running) {
      try {
        await trading.smartTrades.cancel({ userId: bot.userId, by }, id, null);
        closed.push(id);
      } catch (err) {
        // A trade that ended meanwhile is no refusal; any other is said (the position stays open).
        if (isDomainError(err) && err.code === 'CONFLICT') continue;
        if (isDomainError(err) && !err.retryable) refused.push(`trade #${id}: ${err.message.replace(/\.$/, '')}`);
        else refused.push(`trade #${id}: the broker did not answer, it stays open`);
      }
    }
    const parts = [
      closed.length > 0 ? `${closed.map((id) => `trade #${id}`).join(', ')} closed, what they held is sold` : '',
      refused.length > 0 ? `refused: ${refused.join('; ')}` : '',
    ].filter(Boolean);
    const text = `${closed.length > 0 ? 'Closed' : 'Skipped'} ${label}: ${parts.join('; ') || 'the trades had ended'}.`;
    await bots.log([bot.id], text, now());
    return { status: closed.length > 0 ? 'CLOSED' : 'SKIPPED', message: text, tradeId: closed[0] ?? null };
  }

  return {
    /** GET /signals/webhook. */
    webhook: async (who: Acting) => ({ data: await hookDto(who.userId) }),

    /** POST /signals/webhook/: a new address and secret (the old ones stop working), shown once. */
    async create(who: Acting, principal: Principal, botId: number): Promise<WebhookCreated> {
      await ownBot(who, botId);
      await deps.assertFreshPassword(principal, 'SIGNAL_WEBHOOK');
      const key = randomToken(24);
      const secret = randomToken(24);
      await repo.replace(who.userId, botId, key, sealer.seal(secret), now());
      return { message: SIGNAL_MSG.created, data: (await hookDto(who.userId))!, url: urlOf(key), secret };
    },

    /** POST /signals/webhook/bot/: another bot, maybe on a live account: the password again too. */
    async setBot(who: Acting, principal: Principal, botId: number) {
      await ownBot(who, botId);
      await deps.assertFreshPassword(principal, 'SIGNAL_WEBHOOK');
      if (!(await repo.setBot(who.userId, botId))) throw new DomainError('NOT_FOUND', SIGNAL_MSG.noWebhook);
      return { message: SIGNAL_MSG.botChanged, data: (await hookDto(who.userId))! };
    },

    /** POST /signals/webhook/revoke/. */
    async revoke(who: Acting) {
      if (!(await repo.revoke(who.userId, now()))) throw new DomainError('NOT_FOUND', SIGNAL_MSG.noWebhook);
      return { message: SIGNAL_MSG.revoked };
    },

    /** GET /signals. */
    async list(who: Acting) {
      const rows = await repo.list(who.userId, SIGNAL_LIST_MAX);
      return {
        data: rows.map((r) => ({
          id: r.id,
          signal_id: r.signalId ?? '',
          ticker: r.ticker,
          action: r.action,
          outcome: r.outcome,
          text: r.text,
          trade_id: r.tradeId,
          bot_id: r.botId,
          created: r.createdAt.toISOString(),
        })),
      };
    },

    /** POST /signals/hook/{key}: a signal (raw text, as signed). */
    async receive(key: string, raw: string, signature: string | undefined): Promise<SignalReply> {
      if (Buffer.byteLength(raw) > SIGNAL_BODY_MAX) throw new DomainError('PAYLOAD_TOO_LARGE', SIGNAL_MSG.tooLarge);
      const hook = await repo.byKey(key);
      if (!hook) throw new DomainError('NOT_FOUND', SIGNAL_MSG.hookUnknown);
      const at = now();
      const refuse = async (why: string, code: 'NOT_FOUND' | 'NOT_AUTHENTICATED', words: string): Promise<never> => {
        await deps.limiter.hit(REFUSED_PER_HOOK, String(hook.id));
        const text = `Refused a signal: ${why}.`;
        await repo.record({
          hookId: hook.id,
          userId: hook.userId,
          botId: hook.botId,
          signalId: null,
          ticker: '',
          action: '',
          outcome: 'REFUSED',
          text,
          at,
        });
        await bots.log([hook.botId], text, at);
        log.warn({ hookId: hook.id, why }, 'signals: refused a signal');
        throw new DomainError(code, words);
      };
      if (hook.revokedAt) return refuse('it was sent to a revoked webhook', 'NOT_FOUND', SIGNAL_MSG.hookUnknown);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      if (!authentic(sealer.open(hook.secretSealed), raw, signature, parsed)) {
        return refuse(
          'its signature does not match the webhook’s secret',
          'NOT_AUTHENTICATED',
          SIGNAL_MSG.badSignature,
        );
      }
      await deps.limiter.hit(SIGNALS_PER_HOOK, String(hook.id));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw DomainError.field('non_field_errors', SIGNAL_MSG.notJson);
      const m = readBody(signalMessage, parsed);

      const rowId = await repo.record({
        hookId: hook.id,
        userId: hook.userId,
        botId: hook.botId,
        signalId: m.id,
        ticker: m.ticker,
        action: m.action,
        outcome: 'RECEIVED',
        text: '',
        at,
      });
      if (rowId === null) return { status: 'DUPLICATE', message: SIGNAL_MSG.duplicate(m.id) };

      const bot = await bots.byId(hook.botId);
      let reply: SignalReply & { tradeId: number | null };
      if (!bot || !bot.active) {
        reply = {
          status: 'SKIPPED',
          message: `Skipped ${m.ticker} (signal ${m.id}): bot ${bot?.name ?? ''} is inactive.`,
          tradeId: null,
        };
        if (bot) await bots.log([bot.id], reply.message, now());
      } else {
        const by: Actor = { kind: 'signal', signalId: rowId, name: `${m.id} via bot ${bot.name}` };
        try {
          reply = m.action === 'buy' ? await buy(bot, m, rowId, by) : await close(bot, m, by);
        } catch (err) {
          // The market or the broker did not answer: said to the sender and kept, not retried (a
          // sender that retries must send a new id).
          log.warn({ err, signal: rowId }, 'signals: a signal could not act');
          const why = isDomainError(err) ? err.message : 'the market or the broker did not answer';
          reply = { status: 'SKIPPED', message: `Skipped ${m.ticker} (signal ${m.id}): ${why}`, tradeId: null };
          await bots.log([bot.id], reply.message, now());
        }
      }
      await repo.settle(rowId, reply.status === 'DUPLICATE' ? 'SKIPPED' : reply.status, reply.message, reply.tradeId);
      return { status: reply.status, message: reply.message };
    },
  };
}
export type SignalsService = ReturnType<typeof createSignals>;
