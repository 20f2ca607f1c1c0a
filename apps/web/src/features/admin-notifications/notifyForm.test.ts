import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGE_MAX, NOTIFY_FILE_MAX_BYTES, NOTIFY_MSG, notifyFields } from '@drat/contracts';
import {
  anyPending,
  audienceWords,
  channelWords,
  deliveryColor,
  filesMessage,
  notifyFieldsOf,
  notifyFormData,
  notifyMessage,
  type NotifyFormValues,
} from './notifyForm';

const BASE: NotifyFormValues = { channels: ['EMAIL'], title: 'Market closed', message: 'Closed on Friday.' };

describe('the fields a notification sends', () => {
  it('sends one user by e-mail, with the channels as a JSON list', () => {
    expect(notifyFieldsOf({ ...BASE, notification_type: 'single', user: 'demo@drat.local', users: ['x@y.z'] })).toEqual(
      {
        channels: '["EMAIL"]',
        title: 'Market closed',
        message: 'Closed on Friday.',
        notification_type: 'single',
        user: 'demo@drat.local',
      },
    );
  });

  it('sends several users as a JSON list of {email}, and plans as a JSON list of ids', () => {
    expect(notifyFieldsOf({ ...BASE, notification_type: 'multiple', users: ['a@b.co', 'c@d.co'] }).users).toBe(
      '[{"email":"a@b.co"},{"email":"c@d.co"}]',
    );
    const onPlans = notifyFieldsOf({ ...BASE, notification_type: 'users-on-plan', plans: [3, 7], user: 'a@b.co' });
    expect(onPlans.plans).toBe('[3,7]');
    expect(onPlans.user).toBeUndefined();
  });

  it('names nobody for everyone, and leaves empty fields out', () => {
    expect(notifyFieldsOf({ notification_type: 'all', channels: [], title: '  ', user: 'a@b.co' })).toEqual({
      notification_type: 'all',
    });
  });

  it('is what the server parses: the contracts read the same fields back', () => {
    const parsed = notifyFields.parse(
      notifyFieldsOf({ ...BASE, channels: ['EMAIL', 'SMS'], notification_type: 'multiple', users: ['A@B.co'] }),
    );
    expect(parsed).toMatchObject({ channels: ['EMAIL', 'SMS'], users: ['a@b.co'], notification_type: 'multiple' });
  });

  it('puts the files after the text fields, each as `file`', () => {
    const a = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['x,y'], 'b.csv', { type: 'text/csv' });
    const form = notifyFormData({ ...BASE, notification_type: 'all' }, [a, b]);
    expect([...form.keys()]).toEqual(['channels', 'title', 'message', 'notification_type', 'file', 'file']);
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.csv']);
  });
});

describe("each field's message (§5 Notification send)", () => {
  it('asks for the channel, the title and the message in the spec words', () => {
    const empty: NotifyFormValues = { notification_type: 'all' };
    expect(notifyMessage(empty, 'channels')).toBe(NOTIFY_MSG.channelsRequired);
    expect(notifyMessage(empty, 'title')).toBe(NOTIFY_MSG.titleRequired);
    expect(notifyMessage(empty, 'message')).toBe(NOTIFY_MSG.messageRequired);
    expect(notifyMessage({ ...BASE, message: 'x'.repeat(NOTIFICATION_MESSAGE_MAX + 1) }, 'message')).toBe(
      NOTIFY_MSG.messageTooLong,
    );
  });

  it("asks for the audience's people even while the title is still empty", () => {
    expect(notifyMessage({ notification_type: 'single' }, 'user')).toBe(NOTIFY_MSG.userRequired);
    expect(notifyMessage({ notification_type: 'multiple', users: [] }, 'users')).toBe(NOTIFY_MSG.usersRequired);
    expect(notifyMessage({ notification_type: 'users-on-plan' }, 'plans')).toBe(NOTIFY_MSG.planRequired);
    expect(notifyMessage({ notification_type: 'single', user: 'not-an-email' }, 'user')).toBe(NOTIFY_MSG.emailInvalid);
  });

  it('says nothing of a field that passes', () => {
    const values: NotifyFormValues = { ...BASE, notification_type: 'single', user: 'demo@drat.local' };
    for (const field of ['channels', 'title', 'message', 'user', 'users', 'plans'] as const)
      expect(notifyMessage(values, field)).toBeNull();
    expect(notifyMessage({ notification_type: 'all' }, 'user')).toBeNull();
  });
});

describe('files, audience and statuses in words', () => {
  it('refuses a sixth file and one too large, naming it', () => {
    const small = { name: 'a.pdf', size: 10 };
    expect(filesMessage([small, small, small, small, small])).toBeNull();
    expect(filesMessage([small, small, small, small, small, small])).toBe(NOTIFY_MSG.tooManyFiles);
    expect(filesMessage([{ name: 'big.pdf', size: NOTIFY_FILE_MAX_BYTES + 1 }])).toBe(
      NOTIFY_MSG.fileTooLarge('big.pdf'),
    );
  });

  it('says whom and how', () => {
    expect(audienceWords({ notification_type: 'single', user: 'demo@drat.local' })).toBe('demo@drat.local');
    expect(audienceWords({ notification_type: 'multiple', users: ['a@b.co'] })).toBe('1 user');
    expect(audienceWords({ notification_type: 'users-on-plan', plans: [1, 2] })).toBe('the users of 2 plans');
    expect(audienceWords({ notification_type: 'all' })).toBe('every user');
    expect(channelWords([])).toBe('the inbox');
    expect(channelWords(['EMAIL', 'SMS'])).toBe('the inbox, e-mail and SMS');
  });

  it('colours SUCCESS green, PENDING gold and FAILED red; no copy, no tag', () => {
    expect(deliveryColor('SUCCESS')).toBe('green');
    expect(deliveryColor('PENDING')).toBe('gold');
    expect(deliveryColor('FAILED')).toBe('red');
    expect(deliveryColor(null)).toBeNull();
    expect(anyPending([{ email_status: 'SUCCESS', sms_status: null }])).toBe(false);
    expect(anyPending([{ email_status: null, sms_status: 'PENDING' }])).toBe(true);
  });
});
