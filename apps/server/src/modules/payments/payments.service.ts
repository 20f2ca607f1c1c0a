/**
 * Payments (3-bots-admin-public §2.11-§2.13, §7 "Slots and checkout", "Public"; docs/payments.md):
 * the catalogue the public pages show, checkouts (recorded, with the challenge place they hold,
 * before the provider is asked), the provider's events acted on once each (the plan granted, a
 * new buyer's account made and told how to set a password, renewals, cancellations, refunds), the
 * landing page's one sign-in of a new buyer, renewal links, and the free trial.
 */
import type { Logger } from 'pino';
import {
  CHECKOUT_CLAIM_MINUTES,
  CHECKOUT_COMPLETE_PATH,
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_HOLDS_PER_ADDRESS,
  FREE_TRIAL_PLAN,
  MSG,
  PAYMENTS_MSG,
  RENEWAL_LINK_HOURS,
  type CatalogueItem,
  type CheckoutBody,
  type CheckoutStarted,
  type CheckoutStatus,
  type FreeTrialBody,
  type LocalCheckout,
} from '@drat/contracts';
import { dec, paidThrough, toNumber, yearlySavings } from '@drat/engine';
import { DomainError } from '../../core/errors';
import { hashPassword, randomToken, sha256 } from '../../core/secrets';
import type { WithTransaction } from '../../db/transaction';
import type { MailMessage } from '../../providers/mail/interface';
import type { PaymentEvent, PaymentsProvider } from '../../providers/payments/interface';
import { isProviderError, withProvider } from '../../providers/provider-error';
import type { AuthService, ClientInfo, LimitRule, RateLimiter } from '../auth';
import { isUniqueViolation, splitName, type UsersRepo } from '../users';
import { paymentReceivedEmail } from './payments.emails';
import type { CheckoutRow, PaymentsRepo, PlanRow } from './payments.repo';

/** How long after its end an open checkout is asked of the provider and given up (its place given back). */
const EXPIRY_GRACE_MS = 2 * 60_000;
const EMAIL_KEY = 'users_email_lower_idx';

const LIMITS = {
  /** Checkouts started and test cards tried per address: the places of a challenge cannot be held by the score. */
  checkoutPerAddress: { action: 'checkout:address', max: 30, windowSeconds: 60 * 60 },
  /** The landing page asks every 2 s while a payment is confirmed. */
  checkoutStatusPerAddress: { action: 'checkout-status:address', max: 3600, windowSeconds: 60 * 60 },
  freeTrialPerAddress: { action: 'free-trial:address', max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export interface PaymentsDeps {
  repo: PaymentsRepo;
  provider: PaymentsProvider;
  users: Pick<UsersRepo, 'byId' | 'byEmail' | 'create'>;
  auth: Pick<AuthService, 'sendWelcome' | 'openSessionFor'>;
  outbox: { sendEmail(message: MailMessage): Promise<unknown> };
  limiter: RateLimiter;
  withTransaction: WithTransaction;
  now: () => Date;
  publicUrl: string;
  /** The one account that may change user data: no sign-up takes its address. */
  staffEmail: string | null;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

const dollars = (cents: number) => toNumber(dec(cents).div(100));
const isSubscription = (p: PlanRow) => p.interval !== 'once';

export function createPayments(deps: PaymentsDeps) {
  const { repo, provider, users, auth, limiter, withTransaction, now, log } = deps;

  function item(p: PlanRow & { slotsLeft: number | null }, monthly: Map<string, number>): CatalogueItem {
    const monthlyCents = p.interval === 'year' ? monthly.get(p.code.replace(/-yearly$/, '-monthly')) : undefined;
    const savings =
      monthlyCents !== undefined ? yearlySavings(dec(monthlyCents).div(100), dec(p.amountCents).div(100)) : null;
    return {
      price_id: p.code,
      name: p.name,
      interval: p.interval,
      price: dollars(p.amountCents),
      original_price: p.originalPrice === null ? null : toNumber(p.originalPrice),
      trial_days: p.trialDays,
      is_subscription: isSubscription(p),
      allow_coupons: p.allowCoupons,
      details: p.details,
      slots_left: p.slotsLeft,
      per_month: savings?.perMonth ?? null,
      saves: savings?.saves ?? null,
    };
  }

  async function catalogueItems(challenge: number): Promise<CatalogueItem[]> {
    const rows = await repo.catalogue(challenge, [FREE_TRIAL_PLAN]);
    const monthly = new Map(rows.filter((r) => r.interval === 'month').map((r) => [r.code, r.amountCents]));
    return rows.map((r) => item(r, monthly));
  }

  /** The page's offer must be the catalogue's now: a buyer never pays for other terms than they read. */
  function assertOffer(plan: PlanRow, body: CheckoutBody): void {
    const trial = plan.trialDays > 0;
    const differs =
      (body.is_subscription !== undefined && body.is_subscription !== isSubscription(plan)) ||
      (body.have_trial !== undefined && body.have_trial !== trial) ||
      (body.have_trial === true && body.trial_period_days !== undefined && body.trial_period_days !== plan.trialDays);
    if (differs) throw new DomainError('CONFLICT', PAYMENTS_MSG.offerChanged, { retryable: false });
  }

  /** Who buys: the signed-in caller, the account a renewal link names, or (unknown until paid) whoever pays. */
  async function buyerOf(
    body: CheckoutBody,
    signedIn: number | null,
  ): Promise<{ userId: number | null; email: string | null }> {
    let userId = signedIn;
    if (userId === null && body.renewal) {
      userId = (await repo.renewalUser(sha256(body.renewal), now())) ?? null;
      if (userId === null) throw DomainError.field('renewal', PAYMENTS_MSG.renewalLinkInvalid);
    }
    if (userId === null) return { userId: null, email: body.email ?? null };
    const user = await users.byId(userId);
    return { userId, email: user?.email ?? null };
  }

  /** Acts on a paid checkout, once: the plan on the buyer's account (made when new), its place kept. */
  async function completed(event: Extract<PaymentEvent, { kind: 'completed' }>): Promise<void> {
    const at = now();
    const done = await withTransaction(async (tx) => {
      if (!(await repo.firstTime(provider.name, event.eventId, event.kind, tx))) return null;
      const c = await repo.lock(event.checkoutId, tx);
      if (!c) {
        log.warn(
          { checkout: event.checkoutId, event: event.eventId },
          'payments: a completion names no checkout of ours',
        );
        return null;
      }
      if (c.status === 'complete') return null;
      const plan = (await repo.planById(c.planId, tx))!;
      let userId = c.userId;
      let madeAccount = false;
      const email = userId !== null ? ((await users.byId(userId))?.email ?? event.email) : event.email;
      if (!email) throw new DomainError('BAD_REQUEST', 'A payment without an e-mail cannot be given to an account.');
      if (userId === null) {
        const existing = await users.byEmail(email);
        if (existing) userId = existing.id;
        else if (email.toLowerCase() === deps.staffEmail) {
          // The staff address is nobody's to take: the payment is kept on record, for a refund.
          await repo.complete(
            c.id,
            {
              userId: null,
              email,
              madeAccount: false,
              customerId: event.customerId,
              subscriptionId: event.subscriptionId,
              paymentId: event.paymentId,
              at,
            },
            tx,
          );
          log.error({ checkout: c.id }, 'payments: paid with the reserved staff e-mail; no account made: refund it');
          return null;
        } else {
          try {
            userId = await users.create(
              { email, passwordHash: await hashPassword(randomToken(32)), ...splitName(event.name) },
              tx,
            );
          } catch (err) {
            // Two payments of one new e-mail at once: the other made the account; this one is tried again.
            if (isUniqueViolation(err, EMAIL_KEY))
              throw new DomainError('CONFLICT', 'The account is being made by another payment.', { retryable: true });
            throw err;
          }
          madeAccount = true;
        }
      }
      if (!(await repo.keepPlace(c, tx)))
        log.warn(
          { checkout: c.id },
          'payments: paid after its place was given back, and none was left: one place oversold',
        );
      const endsAt = event.paidThrough !== undefined ? event.paidThrough : paidThrough(at, plan.interval, c.trialDays);
      await repo.grant({ userId, planId: plan.id, startsAt: at, endsAt, checkoutId: c.id }, tx);
      await repo.addCredits(userId, plan.dioneCredits, plan.tradeIdeasCredits, tx);
      await repo.complete(
        c.id,
        {
          userId,
          email,
          madeAccount,
          customerId: event.customerId,
          subscriptionId: event.subscriptionId,
          paymentId: event.paymentId,
          at,
        },
        tx,
      );
      return { userId, email, madeAccount, plan, endsAt };
    });
    if (!done) return;
    log.info({ checkout: event.checkoutId, user: done.userId, plan: done.plan.code }, 'payments: plan sold');
    if (done.madeAccount) await auth.sendWelcome(done.userId, event.name ?? '');
    else await deps.outbox.sendEmail(paymentReceivedEmail(done.email, done.plan.name, done.endsAt, deps.publicUrl));
  }

  async function handle(event: PaymentEvent): Promise<void> {
    switch (event.kind) {
      case 'completed':
        return completed(event);
      case 'expired':
        await withTransaction(async (tx) => {
          if (await repo.firstTime(provider.name, event.eventId, event.kind, tx))
            await repo.expire(event.checkoutId, tx);
        });
        return;
      case 'subscription':
        await withTransaction(async (tx) => {
          if (!(await repo.firstTime(provider.name, event.eventId, event.kind, tx))) return;
          await repo.moveEnd(event.subscriptionId, event.paidThrough ?? event.endedAt ?? now(), tx);
        });
        return;
      case 'refunded':
        await withTransaction(async (tx) => {
          if (await repo.firstTime(provider.name, event.eventId, event.kind, tx))
            await repo.endRefunded(event.paymentId, now(), tx);
        });
        return;
      case 'ignored':
        return;
    }
  }

  function statusOf(c: CheckoutRow, planName: string): CheckoutStatus {
    if (c.status === 'complete')
      return { status: 'complete', plan_name: planName, message: PAYMENTS_MSG.paidSignIn(planName) };
    if (c.status === 'expired')
      return { status: 'expired', plan_name: planName, message: PAYMENTS_MSG.checkoutExpired };
    if (c.status === 'refunded') return { status: 'refunded', plan_name: planName, message: PAYMENTS_MSG.refunded };
    return { status: 'open', plan_name: planName, message: PAYMENTS_MSG.pending };
  }

  return {
    /** GET /payments/catalogue: every plan on sale (and the free trial), with places left of challenge `n`. */
    async catalogue(challenge: number) {
      return { plans: await catalogueItems(challenge) };
    },

    /** POST /payments/payment-checkout/: the checkout recorded (holding a place), then the provider's page. */
    async checkout(body: CheckoutBody, signedIn: number | null, client: ClientInfo): Promise<CheckoutStarted> {
      await limiter.hit(LIMITS.checkoutPerAddress, client.ip);
      const plan = await repo.planByCode(body.price_id);
      if (!plan || !plan.onSale || plan.amountCents <= 0) throw DomainError.field('price_id', PAYMENTS_MSG.planUnknown);
      assertOffer(plan, body);
      const buyer = await buyerOf(body, signedIn);
      // A plan sold by places (challenges, the lifetime offer) is sold only by a number that has them.
      const places = await repo.slotsOf(plan.id);
      const slot = places.length === 0 ? undefined : places.find((p) => p.number === (body.challenge ?? 1));
      if (places.length > 0 && !slot) throw DomainError.field('challenge', PAYMENTS_MSG.challengeUnknown);
      if (slot && (await repo.heldBy(client.ip)) >= CHECKOUT_HOLDS_PER_ADDRESS)
        throw new DomainError(
          'RATE_LIMITED',
          PAYMENTS_MSG.tooManyHeld(CHECKOUT_HOLDS_PER_ADDRESS, CHECKOUT_HOLD_MINUTES),
          {
            retryAfterSeconds: CHECKOUT_HOLD_MINUTES * 60,
          },
        );
      // A trial is given once per account: one who had the plan pays from the first day.
      const trialDays =
        plan.trialDays > 0 && buyer.userId !== null && (await repo.hadPlan(buyer.userId, plan.id)) ? 0 : plan.trialDays;
      const id = `co_${randomToken(18)}`;
      const claim = randomToken(24);
      const at = now();
      const expiresAt = new Date(at.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
      const row = {
        id,
        provider: provider.name,
        planId: plan.id,
        amountCents: plan.amountCents,
        trialDays,
        userId: buyer.userId,
        email: buyer.email,
        claimHash: sha256(claim),
        clientIp: client.ip,
        createdAt: at,
        expiresAt,
      };
      if (slot) {
        if (!(await repo.openHolding({ ...row, slotId: slot.id })))
          throw new DomainError('CONFLICT', PAYMENTS_MSG.soldOut(plan.name), { retryable: false });
      } else await repo.open(row);
      try {
        const session = await withProvider(PAYMENTS_MSG.checkoutUnavailable, () =>
          provider.createCheckout({
            checkoutId: id,
            planName: plan.name,
            amountCents: plan.amountCents,
            interval: plan.interval,
            trialDays,
            allowCoupons: plan.allowCoupons,
            email: buyer.email,
            successUrl: `${deps.publicUrl}${CHECKOUT_COMPLETE_PATH}?checkout=${id}`,
            cancelUrl: `${deps.publicUrl}${body.return_path ?? '/pay'}`,
            expiresAt,
          }),
        );
        await repo.setSession(id, session.sessionId);
        return { id, url: session.url, claim };
      } catch (err) {
        // Nothing to pay: the place goes back at once.
        await withTransaction((tx) => repo.expire(id, tx));
        throw err;
      }
    },

    /** POST /payments/checkouts/{id}/: paid or not; a new buyer is signed in once, by the browser that started it. */
    async status(id: string, claim: string | undefined, client: ClientInfo): Promise<CheckoutStatus> {
      await limiter.hit(LIMITS.checkoutStatusPerAddress, client.ip);
      const c = await repo.byId(id);
      if (!c) throw new DomainError('NOT_FOUND', PAYMENTS_MSG.checkoutNotFound);
      const plan = (await repo.planById(c.planId))!;
      const answer = statusOf(c, plan.name);
      if (c.status !== 'complete' || !claim || !c.madeAccount || c.claimedAt !== null) return answer;
      const at = now();
      const userId = await repo.claim(id, sha256(claim), at, new Date(at.getTime() - CHECKOUT_CLAIM_MINUTES * 60_000));
      if (userId === undefined) return answer;
      const user_data = await auth.openSessionFor(userId, client);
      return { ...answer, message: PAYMENTS_MSG.paidSignedIn(plan.name), user_data };
    },

    /** POST /payments/webhook/: the provider's signed event, acted on once. */
    async webhook(raw: Buffer, headers: Record<string, string | string[] | undefined>) {
      const event = await withProvider(
        { unavailable: PAYMENTS_MSG.checkoutUnavailable, refused: PAYMENTS_MSG.badSignature },
        () => provider.readEvent(raw, headers),
      );
      await handle(event);
      return { received: true };
    },

    /** GET /payments/local-checkout/{id}/: the local provider's page. */
    async localCheckout(id: string): Promise<LocalCheckout> {
      const v = await provider.page?.describe(id);
      if (!v) throw new DomainError('NOT_FOUND', PAYMENTS_MSG.checkoutNotFound);
      return {
        id: v.id,
        plan_name: v.planName,
        price: dollars(v.amountCents),
        interval: v.interval,
        trial_days: v.trialDays,
        email: v.email,
        status: v.status,
        expires_at: v.expiresAt.toISOString(),
        cancel_url: v.cancelUrl,
        allow_coupons: v.allowCoupons,
      };
    },

    /** POST /payments/local-checkout/{id}/pay/: a test card; DRAT acts on the payment as on a webhook. */
    async localPay(
      id: string,
      card: { email?: string | undefined; name: string; card_number: string; expiry: string },
      client: ClientInfo,
    ) {
      await limiter.hit(LIMITS.checkoutPerAddress, client.ip);
      const page = provider.page;
      const view = await page?.describe(id);
      if (!page || !view) throw new DomainError('NOT_FOUND', PAYMENTS_MSG.checkoutNotFound);
      const [mm, yy] = card.expiry.split('/').map((p) => Number(p.trim()));
      const at = now();
      const endOfExpiry = Date.UTC(2000 + yy!, mm!, 1);
      if (endOfExpiry <= at.getTime()) throw DomainError.field('expiry', PAYMENTS_MSG.cardExpiryInvalid);
      if (view.email === null && !card.email) throw DomainError.field('email', MSG.emailRequired);
      const result = await page.pay(id, {
        email: card.email ?? null,
        name: card.name,
        cardNumber: card.card_number,
        expiryMonth: mm!,
        expiryYear: 2000 + yy!,
      });
      if (result === 'not_found') throw new DomainError('NOT_FOUND', PAYMENTS_MSG.checkoutNotFound);
      if (result === 'declined') throw DomainError.field('card_number', PAYMENTS_MSG.cardDeclined);
      if (result === 'expired') throw new DomainError('CONFLICT', PAYMENTS_MSG.checkoutExpired, { retryable: false });
      if (result === 'paid') throw new DomainError('CONFLICT', PAYMENTS_MSG.checkoutPaid, { retryable: false });
      try {
        await handle(result);
        await page.delivered(result.eventId);
      } catch (err) {
        // Paid: the minute's sweep delivers it again; the landing page waits for it.
        log.error({ err, checkout: view.id }, 'payments: a local payment could not be acted on yet');
      }
      return { redirect_url: view.successUrl };
    },

    /** Every minute: open checkouts past their end given up (places back), local payments not yet acted on. */
    async sweep(): Promise<{ expired: number; delivered: number }> {
      let expired = 0;
      const at = now();
      for (const c of await repo.stale(new Date(at.getTime() - EXPIRY_GRACE_MS))) {
        try {
          const said = c.providerSessionId === null ? 'expired' : await provider.expireCheckout(c.providerSessionId);
          if (said === 'expired') {
            if (await withTransaction((tx) => repo.expire(c.id, tx))) expired++;
          } else {
            // Paid at the provider, its event still to come: asked again in an hour, behind the others.
            await repo.postpone(c.id, new Date(at.getTime() + 60 * 60_000));
            log.warn({ checkout: c.id }, 'payments: paid at the provider, no completion yet');
          }
        } catch (err) {
          if (!isProviderError(err)) throw err;
          log.warn({ err, checkout: c.id }, 'payments: could not expire a checkout yet');
        }
      }
      let delivered = 0;
      for (const event of (await provider.page?.undelivered()) ?? []) {
        // One event that fails does not hold back the others; it is delivered again next minute.
        try {
          await handle(event);
          await provider.page!.delivered(event.eventId);
          delivered++;
        } catch (err) {
          log.error({ err, event: event.eventId }, 'payments: a local payment could not be acted on yet');
        }
      }
      return { expired, delivered };
    },

    /** GET /payments/renewal: the account's plans on sale, for the signed-in caller or a renewal link. */
    async renewal(signedIn: number | null, token: string | undefined) {
      const userId = signedIn ?? (token ? await repo.renewalUser(sha256(token), now()) : undefined) ?? null;
      if (userId === null)
        throw new DomainError('NOT_AUTHENTICATED', token ? PAYMENTS_MSG.renewalLinkInvalid : MSG.authRequired);
      const user = await users.byId(userId);
      if (!user) throw new DomainError('NOT_AUTHENTICATED', PAYMENTS_MSG.renewalLinkInvalid);
      const had = new Set((await repo.plansHad(userId)).map((p) => p.code));
      const items = await catalogueItems(1);
      const order = [...had];
      return {
        email: user.email,
        plans: items
          .filter((i) => had.has(i.price_id))
          .sort((a, b) => order.indexOf(a.price_id) - order.indexOf(b.price_id)),
      };
    },

    /** A link for a user whose plans ended (given at a refused sign-in, after the right password). */
    async renewalLink(userId: number): Promise<string> {
      const token = randomToken(24);
      const at = now();
      await repo.addRenewalLink(sha256(token), userId, new Date(at.getTime() + RENEWAL_LINK_HOURS * 3_600_000), at);
      return token;
    },

    /** POST /profile/register-free-trial/: the account on the 7-day trial, and the e-mail to set a password. */
    async freeTrial(body: FreeTrialBody & { email: string }, client: ClientInfo) {
      await limiter.hit(LIMITS.freeTrialPerAddress, client.ip);
      const email = body.email.toLowerCase();
      if (email === deps.staffEmail || (await users.byEmail(email)))
        throw DomainError.field('email', PAYMENTS_MSG.trialEmailTaken);
      const plan = await repo.planByCode(FREE_TRIAL_PLAN);
      if (!plan) throw new Error(`The plan catalogue has no ${FREE_TRIAL_PLAN} plan`);
      const at = now();
      let userId: number;
      try {
        userId = await withTransaction(async (tx) => {
          const id = await users.create(
            {
              email,
              passwordHash: await hashPassword(randomToken(32)),
              firstName: body.first_name.trim(),
              lastName: body.last_name.trim(),
            },
            tx,
          );
          await repo.grant(
            {
              userId: id,
              planId: plan.id,
              startsAt: at,
              endsAt: paidThrough(at, 'once', plan.trialDays, true),
              checkoutId: null,
            },
            tx,
          );
          await repo.addCredits(id, plan.dioneCredits, plan.tradeIdeasCredits, tx);
          return id;
        });
      } catch (err) {
        if (isUniqueViolation(err, EMAIL_KEY)) throw DomainError.field('email', PAYMENTS_MSG.trialEmailTaken);
        throw err;
      }
      await auth.sendWelcome(userId, body.first_name.trim());
      return { message: PAYMENTS_MSG.trialStarted };
    },

    handle,
  };
}
export type PaymentsService = ReturnType<typeof createPayments>;
