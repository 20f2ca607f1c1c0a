import { MSG, type NotFirstLoginReply, type Profile, type Theme } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { StorageProvider } from '../../providers/storage/interface';
import type { Principal } from '../auth';
import { randomToken } from '../../core/secrets';
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

export function createProfileService(deps: { users: UsersRepo; rights: RightsService; storage: StorageProvider }) {
  const { users, rights, storage } = deps;

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

    async changeProfile(
      principal: Principal,
      change: { email?: string | undefined; phone_number?: string | undefined },
    ) {
      if (change.email !== undefined && change.email !== principal.user.email) {
        const other = await users.byEmail(change.email);
        if (other && other.id !== principal.user.id) throw DomainError.field('email', MSG.emailTaken);
      }
      if (change.email !== undefined) {
        // Two people may claim the same address at once: the unique index decides, not a 500.
        await users.updateUser(principal.user.id, { email: change.email }).catch((err: unknown) => {
          if (isUniqueViolation(err)) throw DomainError.field('email', MSG.emailTaken);
          throw err;
        });
      }
      if (change.phone_number !== undefined)
        await users.updateProfile(principal.user.id, { phoneNumber: change.phone_number });
      return { message: MSG.profileChanged };
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

    async setOtp(principal: Principal, enable: boolean) {
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
