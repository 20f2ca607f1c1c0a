import {
  EMAIL_CHANGE_TTL_MINUTES,
  MSG,
  type ConfirmPasswordReason,
  type EmailChangeReply,
  type NotFirstLoginReply,
  type Profile,
  type ProfileChangeReply,
  type Theme,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { StorageProvider } from '../../providers/storage/interface';
import type { Principal } from '../auth';
import { randomToken, sha256 } from '../../core/secrets';
import type { OutboxService } from '../outbox';
import { emailChangedNotice, emailChangeLinkEmail } from './profile.emails';
import type { ProfileRepo } from './profile.repo';
import type { RightsService } from '../rights';
import { isUniqueViolation, type UsersRepo } from '../users';
import { detectImageType } from '../../core/image-type';

/** Each notification switch: the profile column and the key the API answers with. */
export const NOTIFICATION_TOGGLES = {
  emails: { column: 'receiveEmails', key: 'receive_emails' },
  sms: { column: 'receiveSms', key: 'receive_sms' },
  alerts: { column: 'getAlertsNotification', key: 'get_alerts_notification' },
  trackers: { column: 'getTrackersNotification', key: 'get_trackers_notification' },
} as const;
export type NotificationToggle = keyof typeof NOTIFICATION_TOGGLES;
/** The answer of a switch: the message and the switch's new value under its key. */
type ToggleReply<W extends NotificationToggle> = { message: string } & Record<
  (typeof NOTIFICATION_TOGGLES)[W]['key'],
  boolean
>;

export interface ProfileDeps {
  users: UsersRepo;
  repo: ProfileRepo;
  rights: RightsService;
  storage: StorageProvider;
  outbox: Pick<OutboxService, 'sendEmail'>;
  /** The auth area's step-up check: the password typed recently in this session for this action. */
  assertFreshPassword: (principal: Principal, action: ConfirmPasswordReason) => Promise<void>;
  publicUrl: string;
  now: () => Date;
}

export function createProfileService(deps: ProfileDeps) {
  const { users, repo, rights, storage, outbox, assertFreshPassword, publicUrl, now } = deps;

  async function fresh(principal: Principal) {
    const user = await users.byId(principal.user.id);
    if (!user) throw new DomainError('INVALID_TOKEN', MSG.invalidToken);
    return user;
  }

  return {
    async profile(principal: Principal): Promise<Profile> {
      // The principal was read from the database at the start of this request: no second read.
      const user = principal.user;
      const plans = await rights.activePlans(user.id);
      return {
        user: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone_number: user.phoneNumber,
        profile_pic: user.profilePic,
        receive_sms: user.receiveSms,
        receive_emails: user.receiveEmails,
        get_trackers_notification: user.getTrackersNotification,
        get_alerts_notification: user.getAlertsNotification,
        otp_enabled: user.otpEnabled,
        theme: user.theme,
        current_plans: plans.map((p) => ({
          id: p.id,
          name: p.name,
          amount: p.amountCents,
          expires: p.endsAt ? p.endsAt.toISOString().slice(0, 10) : '-',
        })),
      };
    },

    /**
     * The phone number changes at once. A new e-mail needs the password typed recently, and takes
     * effect only when the link sent to it is followed (confirmEmailChange): until then the
     * account signs in with its old one.
     */
    async changeProfile(
      principal: Principal,
      change: { email?: string | undefined; phone_number?: string | undefined },
    ): Promise<ProfileChangeReply> {
      const newEmail =
        change.email !== undefined && change.email.toLowerCase() !== principal.user.email.toLowerCase()
          ? change.email
          : undefined;
      if (newEmail !== undefined) {
        await assertFreshPassword(principal, 'EMAIL_CHANGE');
        const other = await users.byEmail(newEmail);
        if (other && other.id !== principal.user.id) throw DomainError.field('email', MSG.emailTaken);
      }
      if (change.phone_number !== undefined)
        await users.updateProfile(principal.user.id, { phoneNumber: change.phone_number });
      if (newEmail === undefined) return { message: MSG.profileChanged };
      const token = randomToken(24);
      await repo.replaceEmailChange(
        principal.user.id,
        newEmail,
        sha256(token),
        new Date(now().getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
      );
      await outbox.sendEmail(
        emailChangeLinkEmail(newEmail, `${publicUrl}/confirm-email/${token}`, EMAIL_CHANGE_TTL_MINUTES / 60),
      );
      return { message: MSG.emailChangeSent(newEmail), email_pending: newEmail };
    },

    /** POST /profile/confirm-email/: the link sent to a new address makes it the sign-in e-mail; the old one is told. */
    async confirmEmailChange(token: string): Promise<EmailChangeReply> {
      const at = now();
      const pending = await repo.liveEmailChange(sha256(token), at);
      if (!pending) throw DomainError.field('token', MSG.emailChangeLinkInvalid);
      const user = await users.byId(pending.userId);
      if (!user) throw DomainError.field('token', MSG.emailChangeLinkInvalid);
      const other = await users.byEmail(pending.newEmail);
      if (other && other.id !== user.id) throw DomainError.field('token', MSG.emailTaken);
      if (!(await repo.useEmailChange(pending.id, at))) throw DomainError.field('token', MSG.emailChangeLinkInvalid);
      // Two people may claim the same address at once: the unique index decides, not a 500.
      await users.updateUser(user.id, { email: pending.newEmail }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw DomainError.field('token', MSG.emailTaken);
        throw err;
      });
      await outbox.sendEmail(emailChangedNotice(user.email, pending.newEmail));
      return { message: MSG.emailChanged(pending.newEmail), email: pending.newEmail };
    },

    async changePicture(principal: Principal, bytes: Buffer) {
      const type = detectImageType(bytes);
      if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.pictureBadType);
      const previous = principal.user.profilePic;
      const { url } = await storage.put(`profile/${principal.user.id}-${randomToken(9)}.${type.ext}`, bytes, type.mime);
      await users.updateProfile(principal.user.id, { profilePic: url });
      const previousKey = previous ? storage.keyOf(previous) : null;
      if (previousKey) await storage.remove(previousKey);
      return { message: MSG.pictureUploaded, new_image_url: url };
    },

    async setTheme(principal: Principal, theme: Theme) {
      await users.updateProfile(principal.user.id, { theme });
      return { message: MSG.themeSaved, theme };
    },

    /** Turning two-factor sign-in off needs the password typed recently; turning it on does not. */
    async setOtp(principal: Principal, enable: boolean) {
      if (!enable && principal.user.otpEnabled) await assertFreshPassword(principal, 'OTP_DISABLE');
      await users.updateProfile(principal.user.id, { otpEnabled: enable });
      return { message: enable ? MSG.otpEnabled : MSG.otpDisabled, otp_enabled: enable };
    },

    /** The spec's handle-receive-* calls carry no body: each one flips its setting. */
    async toggle<W extends NotificationToggle>(principal: Principal, which: W): Promise<ToggleReply<W>> {
      const user = await fresh(principal);
      const { column, key } = NOTIFICATION_TOGGLES[which];
      const value = !user[column];
      await users.updateProfile(principal.user.id, { [column]: value });
      // A computed key widens to a string index: the answer names exactly the switch's key.
      return { message: MSG.notificationSettingSaved, [key]: value } as ToggleReply<W>;
    },

    async notFirstLogin(principal: Principal): Promise<NotFirstLoginReply> {
      await users.updateProfile(principal.user.id, { firstLogin: false });
      return { first_login: false };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
