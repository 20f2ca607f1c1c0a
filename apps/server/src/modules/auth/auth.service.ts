import {
  IDLE_LOGOUT_MINUTES,
  MSG,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_RESENDS,
  OTP_CODE,
  OTP_TTL_MINUTES,
  RENEWAL_PATH,
  RESET_TOKEN_TTL_MINUTES,
  WELCOME_LINK_DAYS,
  STEP_UP_MINUTES,
  type ConfirmPasswordReason,
  type ExpiredReply,
  type SessionData,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { JobQueue } from '../../jobs/queue';
import type { OutboxService } from '../outbox';
import type { RightsService } from '../rights';
import type { UsersRepo, UserWithProfile } from '../users';
import type { AuthRepo, EndedSession } from './auth.repo';
import { otpEmail, passwordChangedEmail, passwordSetBySupportEmail, resetEmail, welcomeEmail } from './auth.emails';
import { createPrincipalCache } from './principal-cache';
import { BACKOFF, LIMITS, type RateLimiter } from './rate-limit';
import {
  dummyPasswordHash,
  hashPassword,
  numericCode,
  randomToken,
  sameHash,
  sha256,
  typeableCode,
  verifyPassword,
} from '../../core/secrets';

export type User = NonNullable<UserWithProfile>;
export interface Principal {
  user: User;
  sessionId: number;
  /** When this session signed in (the password was typed then). */
  signedInAt: Date;
}
export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The token of the browser's device cookie, when it sent one (README "Sign-in limits"). */
  device?: string;
}

/**
 * A sign-in's answer, and the device token the browser keeps as its cookie from now on (a browser
 * that signed in to the account is trusted by the limit per account), or null to leave it be.
 */
export interface SignInResult<T> {
  answer: T;
  device: string | null;
}

const IDLE_MS = IDLE_LOGOUT_MINUTES * 60_000;
/** last_seen is written at most this often, so a busy session does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthDeps {
  repo: AuthRepo;
  queue: Pick<JobQueue, 'send'>;
  users: UsersRepo;
  rights: RightsService;
  outbox: OutboxService;
  limiter: RateLimiter;
  now: () => Date;
  publicUrl: string;
  /** Closes the live sockets of sessions that ended (live.endSessions), on every process. */
  sessionsEnded?: (userId: number, sessionIds: number[]) => Promise<void>;
  /** An expired account's renewal link token (payments), given after the right password; null: the plain renewal page. */
  renewalLink?: (userId: number) => Promise<string | null>;
}

/** How long a signed-in principal is trusted without reading it again (other nodes' changes show within this). */
const PRINCIPAL_TTL_MS = 3_000;

export function createAuthService({
  repo,
  queue,
  users,
  rights,
  outbox,
  limiter,
  now,
  publicUrl,
  sessionsEnded = async () => {},
  renewalLink = async () => null,
}: AuthDeps) {
  const principals = createPrincipalCache<Principal>(PRINCIPAL_TTL_MS, 20_000, () => now().getTime());

  /** After sessions were deleted: forget their principals and close their sockets everywhere. */
  async function ended(sessions: EndedSession[]): Promise<void> {
    const byUser = new Map<number, number[]>();
    for (const s of sessions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s.id]);
    for (const [userId, ids] of byUser) {
      principals.forgetUser(userId);
      await sessionsEnded(userId, ids);
    }
  }
  async function sessionData(user: User, token: string): Promise<SessionData> {
    return {
      ...(await rights.rightsOf(user)),
      token,
      theme: user.theme,
      first_login: user.firstLogin,
      image: user.profilePic,
      username: user.username,
      email: user.email,
    };
  }

  async function openSession(user: User, client: ClientInfo): Promise<SessionData> {
    const token = randomToken();
    const at = now();
    await repo.createSession(user.id, sha256(token), client.ip, client.userAgent.slice(0, 400), at);
    await users.recordLogin(user.id, client.ip, at);
    return sessionData(user, token);
  }

  /** Whether the browser's device cookie names one of the account's known browsers. */
  async function knownDevice(userId: number | undefined, client: ClientInfo): Promise<boolean> {
    if (userId === undefined || !client.device) return false;
    return repo.useDevice(userId, sha256(client.device), now());
  }

  /** The browser's device token after a sign-in: its own when known, else a new one remembered for the account. */
  async function deviceAfterSignIn(user: User, client: ClientInfo, known: boolean): Promise<string> {
    if (known && client.device) return client.device;
    const token = randomToken();
    await repo.addDevice(user.id, sha256(token), now());
    return token;
  }

  async function assertMaySignIn(user: User): Promise<void> {
    if (!user.isActive) throw new DomainError('ACCOUNT_INACTIVE', MSG.accountInactive);
    const r = await rights.rightsOf(user);
    if (r.expired) {
      // Only reached with the right password (or code): the link may name the account to renew.
      const token = await renewalLink(user.id);
      throw new DomainError('SUBSCRIPTION_EXPIRED', MSG.accountInactiveOrExpired, {
        details: {
          expired: true,
          renewal_url: token ? `${RENEWAL_PATH}?r=${token}` : RENEWAL_PATH,
        } satisfies ExpiredReply,
      });
    }
  }

  async function sendLoginCode(user: User, resend: boolean, codeId?: number): Promise<void> {
    const code = numericCode(OTP_LENGTH);
    const expiresAt = new Date(now().getTime() + OTP_TTL_MINUTES * 60_000);
    if (resend && codeId !== undefined) await repo.resendCode(codeId, sha256(code), expiresAt);
    else await repo.replaceLoginCode(user.id, sha256(code), expiresAt);
    await outbox.sendEmail(otpEmail(user.email, code, OTP_TTL_MINUTES));
  }

  /**
   * Throws PASSWORD_CONFIRMATION_REQUIRED unless the password was typed recently in this session:
   * at sign-in, or confirmed for this very action (POST /confirm-password/ with its reason).
   */
  async function assertFreshPassword(principal: Principal, action: ConfirmPasswordReason): Promise<void> {
    const since = now().getTime() - STEP_UP_MINUTES * 60_000;
    if (principal.signedInAt.getTime() >= since) return;
    const confirmed = await repo.confirmedAt(principal.sessionId, action);
    if (confirmed && confirmed.getTime() >= since) return;
    throw new DomainError('PASSWORD_CONFIRMATION_REQUIRED', MSG.passwordConfirmationRequired, {
      details: { reason: action },
    });
  }

  return {
    sessionData,

    /** Resolves `Authorization: Token <t>`; idle sessions end on the server too. */
    async authenticate(token: string): Promise<Principal> {
      const at = now();
      // Remembered by the token itself, so a request of a busy session hashes nothing; only the
      // hash is stored (sessions table) and looked up.
      const cached = principals.get(token, at.getTime());
      if (cached && at.getTime() - cached.lastSeenAt.getTime() <= IDLE_MS) return cached.principal;
      const tokenHash = sha256(token);
      const found = await repo.principalByHash(tokenHash);
      if (!found) throw new DomainError('INVALID_TOKEN', MSG.invalidToken);
      const idleFor = at.getTime() - found.lastSeenAt.getTime();
      if (idleFor > IDLE_MS) {
        principals.forgetToken(token);
        await ended(await repo.deleteSession(found.sessionId));
        throw new DomainError('INVALID_TOKEN', MSG.invalidToken);
      }
      if (!found.user.isActive) throw new DomainError('INVALID_TOKEN', MSG.invalidToken);
      let lastSeenAt = found.lastSeenAt;
      if (idleFor > TOUCH_EVERY_MS) {
        await repo.touchSession(found.sessionId, at);
        lastSeenAt = at;
      }
      const principal = { user: found.user, sessionId: found.sessionId, signedInAt: found.signedInAt };
      principals.set(token, { principal, userId: found.user.id, lastSeenAt }, at.getTime());
      return principal;
    },

    async login(
      input: { email: string; password: string },
      client: ClientInfo,
    ): Promise<SignInResult<{ user_data: SessionData } | { email: string }>> {
      // Guessing is slowed per (account, address), and per account for browsers and addresses that
      // never signed in to it (many addresses at once), so nobody can lock the owner out from
      // elsewhere; an unknown e-mail takes the same path, with a dummy hash, so the answer matches.
      const email = input.email.toLowerCase();
      const guess = `${email}|${client.ip}`;
      await limiter.hit(LIMITS.loginPerAddress, client.ip);
      await limiter.assertMayTry(BACKOFF.login, guess);
      const user = await users.byEmail(input.email);
      const knownBrowser = await knownDevice(user?.id, client);
      const known = knownBrowser || (user !== undefined && (await repo.signedInFrom(user.id, client.ip)));
      const attempt = async () => {
        if (!known) await limiter.assertMayTry(BACKOFF.loginAccount, email);
        const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
        if (!user || !ok) {
          await limiter.failed(BACKOFF.login, guess);
          if (!known) await limiter.failed(BACKOFF.loginAccount, email);
          throw new DomainError('BAD_REQUEST', MSG.badCredentials);
        }
        return user;
      };
      // Strangers' guesses at one account go one at a time (the others are told to wait a second),
      // so guesses sent all at once cannot pass the account's count before any is recorded.
      const signedIn = known
        ? await attempt()
        : await limiter.oneAtATime(`${BACKOFF.loginAccount.action}:${email}`, attempt);
      if (signedIn === null) {
        throw new DomainError('RATE_LIMITED', MSG.tooManyAttempts(1), { retryAfterSeconds: 1 });
      }
      await assertMaySignIn(signedIn);
      await limiter.clear(BACKOFF.login, guess);
      if (signedIn.otpEnabled) {
        await sendLoginCode(signedIn, false);
        return { answer: { email: signedIn.email }, device: null };
      }
      const answer = { user_data: await openSession(signedIn, client) };
      return { answer, device: await deviceAfterSignIn(signedIn, client, knownBrowser) };
    },

    async verifyOtp(
      input: { email: string; otp: string },
      client: ClientInfo,
    ): Promise<SignInResult<{ code: 200; user_data: SessionData }>> {
      const guess = `${input.email.toLowerCase()}|${client.ip}`;
      await limiter.hit(LIMITS.otpPerAddress, client.ip);
      await limiter.assertMayTry(BACKOFF.otp, guess);
      const user = await users.byEmail(input.email);
      const challenge = user && (await repo.openLoginCode(user.id));
      if (!user || !challenge)
        throw new DomainError('BAD_REQUEST', MSG.otpNoChallenge, { details: { code: OTP_CODE.expired } });
      if (challenge.expiresAt.getTime() <= now().getTime() || challenge.attempts >= OTP_MAX_ATTEMPTS) {
        throw new DomainError('BAD_REQUEST', MSG.otpExpired, { details: { code: OTP_CODE.expired } });
      }
      if (!sameHash(challenge.codeHash, sha256(input.otp))) {
        await repo.countAttempt(challenge.id);
        await limiter.failed(BACKOFF.otp, guess);
        throw new DomainError('BAD_REQUEST', MSG.otpInvalid, { details: { code: OTP_CODE.wrong } });
      }
      if (!(await repo.consumeCode(challenge.id, now())))
        throw new DomainError('BAD_REQUEST', MSG.otpNoChallenge, { details: { code: OTP_CODE.expired } });
      await assertMaySignIn(user);
      await limiter.clear(BACKOFF.otp, guess);
      const knownBrowser = await knownDevice(user.id, client);
      const answer = { code: OTP_CODE.verified, user_data: await openSession(user, client) };
      return { answer, device: await deviceAfterSignIn(user, client, knownBrowser) };
    },

    /** One resend per sign-in challenge (1-core §2). */
    async resendOtp(input: { email: string }, client: ClientInfo): Promise<{ message: string }> {
      await limiter.hit(LIMITS.otpPerAddress, client.ip);
      const user = await users.byEmail(input.email);
      const challenge = user && (await repo.openLoginCode(user.id));
      if (!user || !challenge) throw new DomainError('BAD_REQUEST', MSG.otpNoChallenge);
      if (challenge.resends >= OTP_MAX_RESENDS) throw new DomainError('BAD_REQUEST', MSG.otpResendUsed);
      await sendLoginCode(user, true, challenge.id);
      return { message: MSG.otpResent };
    },

    async logout(principal: Principal) {
      await ended(await repo.deleteSession(principal.sessionId));
    },

    /** Called on every write to a user (users repo), so this node never serves a stale principal. */
    forgetUser: (userId: number) => principals.forgetUser(userId),

    /**
     * Step 1: e-mail a token and an activation link. The answer is the same, and takes as long,
     * whether the account exists: the look-up and the e-mail are a job's (`sendResetMail`).
     */
    async requestReset(email: string, client: ClientInfo): Promise<{ message: string }> {
      await limiter.hit(LIMITS.resetPerAddress, client.ip);
      await limiter.hit(LIMITS.resetPerAccount, email.toLowerCase());
      await queue.send('auth.reset-mail', { email });
      return { message: MSG.resetEmailSent };
    },

    /** The 'auth.reset-mail' job: mails the reset token and link when an active account has this e-mail. */
    async sendResetMail(email: string): Promise<void> {
      const user = await users.byEmail(email);
      if (user && user.isActive) {
        const activation = randomToken(24);
        const token = typeableCode(8);
        await repo.createReset(
          user.id,
          sha256(activation),
          sha256(token),
          new Date(now().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
        );
        const link = `${publicUrl}/reset-password/${activation}/confirm-token`;
        await outbox.sendEmail(resetEmail(user.email, token, link, RESET_TOKEN_TTL_MINUTES));
      }
    },

    /** Step 2: the page checks its activation link. */
    async activateReset(code: string, client: ClientInfo): Promise<{ valid: boolean }> {
      await limiter.hit(LIMITS.resetLinkPerAddress, client.ip);
      return { valid: Boolean(await repo.liveResetBy('activationHash', sha256(code), now())) };
    },

    /** Step 3: the e-mailed token proves the mailbox; it earns the key that sets the password. */
    async confirmResetToken(
      input: { code: string; activation: string },
      client: ClientInfo,
    ): Promise<{ valid: true; resetkey: string }> {
      await limiter.hit(LIMITS.resetTokenPerAddress, client.ip);
      const reset = await repo.liveResetBy('tokenHash', sha256(input.code.trim().toUpperCase()), now());
      if (!reset || !sameHash(reset.activationHash, sha256(input.activation))) {
        throw DomainError.field('code', MSG.resetTokenInvalid);
      }
      const resetkey = randomToken(24);
      await repo.setResetKey(reset.id, sha256(resetkey));
      return { valid: true, resetkey };
    },

    /** Step 4: set the new password; the key works once and every session of the account ends. */
    async setNewPassword(input: { p1: string; resetkey: string }): Promise<{ message: string }> {
      const reset = await repo.liveResetBy('resetKeyHash', sha256(input.resetkey), now());
      if (!reset || !(await repo.useReset(reset.id, now()))) throw new DomainError('BAD_REQUEST', MSG.resetLinkInvalid);
      await users.setPassword(reset.userId, await hashPassword(input.p1));
      await ended(await repo.deleteSessionsOf(reset.userId));
      // A new password: no browser keeps the trust an old sign-in gave it (the limit per account).
      await repo.forgetDevices(reset.userId);
      principals.forgetUser(reset.userId);
      const user = await users.byId(reset.userId);
      if (user) await outbox.sendEmail(passwordChangedEmail(user.email));
      return { message: MSG.passwordResetDone };
    },

    assertFreshPassword,

    /** Changing the password needs it confirmed recently, and ends the account's other sessions. */
    async changePassword(principal: Principal, password: string): Promise<{ detail: string }> {
      await assertFreshPassword(principal, 'PASSWORD_CHANGE');
      await users.setPassword(principal.user.id, await hashPassword(password));
      await ended(await repo.deleteOtherSessions(principal.user.id, principal.sessionId));
      await repo.forgetDevices(principal.user.id);
      principals.forgetUser(principal.user.id);
      await outbox.sendEmail(passwordChangedEmail(principal.user.email));
      return { detail: MSG.passwordChanged };
    },

    async confirmPassword(
      principal: Principal,
      password: string,
      reason: ConfirmPasswordReason,
    ): Promise<{ message: string; reason: ConfirmPasswordReason }> {
      await limiter.hit(LIMITS.passwordConfirmPerAccount, String(principal.user.id));
      if (!(await verifyPassword(principal.user.passwordHash, password)))
        throw DomainError.field('password', MSG.passwordIncorrect);
      await limiter.clear(LIMITS.passwordConfirmPerAccount, String(principal.user.id));
      await repo.recordConfirmation(principal.sessionId, reason, now());
      return { message: MSG.passwordConfirmed, reason };
    },

    /**
     * A new account's welcome: the reset flow's link and token, good for WELCOME_LINK_DAYS, so the
     * user sets their own password (an account made by a super user has none anyone knows).
     */
    async sendWelcome(userId: number, name: string): Promise<void> {
      const user = await users.byId(userId);
      if (!user) return;
      const activation = randomToken(24);
      const token = typeableCode(8);
      await repo.createReset(
        user.id,
        sha256(activation),
        sha256(token),
        new Date(now().getTime() + WELCOME_LINK_DAYS * 86_400_000),
      );
      const link = `${publicUrl}/reset-password/${activation}/confirm-token`;
      await outbox.sendEmail(welcomeEmail(user.email, name || user.email, token, link, WELCOME_LINK_DAYS));
    },

    /**
     * Signs in a buyer whose account a paid checkout just made (payments: the claim of the browser
     * that paid, used once): a session as a sign-in opens, for an account nobody knows a password of yet.
     */
    async openSessionFor(userId: number, client: ClientInfo): Promise<SessionData> {
      const user = await users.byId(userId);
      if (!user) throw new DomainError('NOT_FOUND', MSG.notFound);
      await assertMaySignIn(user);
      return openSession(user, client);
    },

    /** Ends every session of a user at once (deactivated): their tabs close, their tokens stop working. */
    async endSessionsOf(userId: number): Promise<void> {
      await ended(await repo.deleteSessionsOf(userId));
      principals.forgetUser(userId);
    },

    /** A password set by a super user: every session and trusted browser of the user ends, and they are told. */
    async setPasswordBySupport(userId: number, password: string): Promise<void> {
      await users.setPassword(userId, await hashPassword(password));
      await ended(await repo.deleteSessionsOf(userId));
      await repo.forgetDevices(userId);
      principals.forgetUser(userId);
      const user = await users.byId(userId);
      if (user) await outbox.sendEmail(passwordSetBySupportEmail(user.email));
    },

    /** Housekeeping job: drop sessions idle past the limit (their sockets close). */
    async purgeIdleSessions(): Promise<number> {
      const gone = await repo.deleteIdleSessions(new Date(now().getTime() - IDLE_MS));
      await ended(gone);
      return gone.length;
    },

    /** Of these sessions, those still live (the WebSocket gateway's periodic check). */
    liveSessions: (sessionIds: number[]) => repo.liveSessionIds(sessionIds, new Date(now().getTime() - IDLE_MS)),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
