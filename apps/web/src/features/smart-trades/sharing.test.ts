import { describe, expect, it } from 'vitest';
import { MSG, TRADE_MSG } from '@drat/contracts';
import {
  planOptions,
  shareFieldsOf,
  shareFormData,
  shareMessage,
  sharedToOf,
  shareWords,
  userOptions,
  type ShareFormValues,
  type ShareItem,
} from './sharing';

const TRADE = { kind: 'trade', id: 42 } as const;
const BOT = { kind: 'bot', id: 7 } as const;
const sent = (values: ShareFormValues) => Object.fromEntries(shareFormData(values, TRADE).entries());

describe('what the share form sends for each mode (2-trading §7)', () => {
  it('single: the trimmed e-mail, the mode and the trade', () => {
    expect(sent({ sharing_type: 'single', user: '  friend@example.com ' })).toEqual({
      sharing_type: 'single',
      live_trade_order_id: '42',
      user: 'friend@example.com',
    });
  });

  it('multiple: the users as the JSON text of a list of {email}', () => {
    const form = sent({ sharing_type: 'multiple', users: ['a@example.com', 'b@example.com'] });
    expect(form).toEqual({
      sharing_type: 'multiple',
      live_trade_order_id: '42',
      users: '[{"email":"a@example.com"},{"email":"b@example.com"}]',
    });
  });

  it('users-on-plan: the plan id as text', () => {
    expect(sent({ sharing_type: 'users-on-plan', plan: 7 })).toEqual({
      sharing_type: 'users-on-plan',
      live_trade_order_id: '42',
      plan: '7',
    });
  });

  it('all: only the mode and the trade', () => {
    expect(sent({ sharing_type: 'all' })).toEqual({ sharing_type: 'all', live_trade_order_id: '42' });
  });

  it("another mode's leftover choice is not sent", () => {
    const values: ShareFormValues = { sharing_type: 'all', user: 'a@example.com', users: ['b@example.com'], plan: 3 };
    expect(shareFieldsOf(values, TRADE)).toEqual({ sharing_type: 'all', live_trade_order_id: '42' });
  });

  it('an empty choice is left out rather than sent empty', () => {
    expect(shareFieldsOf({ sharing_type: 'single', user: '   ' }, TRADE)).not.toHaveProperty('user');
    expect(shareFieldsOf({ sharing_type: 'multiple', users: [] }, TRADE)).not.toHaveProperty('users');
    expect(shareFieldsOf({ sharing_type: 'users-on-plan', plan: null }, TRADE)).not.toHaveProperty('plan');
  });
});

describe('a bot is shared the same way (3-bots-admin-public §2.1 "Shared Bots")', () => {
  it('names the bot by money_mgt_bot_id, never live_trade_order_id', () => {
    expect(Object.fromEntries(shareFormData({ sharing_type: 'single', user: 'a@example.com' }, BOT).entries())).toEqual(
      {
        sharing_type: 'single',
        money_mgt_bot_id: '7',
        user: 'a@example.com',
      },
    );
    expect(shareFieldsOf({ sharing_type: 'users-on-plan', plan: 2 }, BOT)).toEqual({
      sharing_type: 'users-on-plan',
      money_mgt_bot_id: '7',
      plan: '2',
    });
  });

  it("has the same messages: 'Please provide the user's email.', and none on a complete form", () => {
    expect(shareMessage({ sharing_type: 'single' }, BOT, 'user')).toBe(TRADE_MSG.shareEmailRequired);
    expect(shareMessage({ sharing_type: 'all' }, BOT, 'user')).toBeNull();
  });
});

describe("the form's words by what is shared", () => {
  const trade: ShareItem = { kind: 'trade', id: 42, ticker: 'MSFT' };
  const bot: ShareItem = { kind: 'bot', id: 7, name: 'Momentum' };

  it('a trade: its id and symbol in the title', () => {
    expect(shareWords(trade).title).toBe('Share trade 42 (MSFT)');
    expect(shareWords(trade).toAll).toBe('Every user is sent this trade.');
  });

  it("a bot: its name in the title, and the receiver gets its name and settings, not the sharer's account", () => {
    expect(shareWords(bot).title).toBe('Share Momentum');
    expect(shareWords(bot).hint).toMatch(/its name and settings, not your account/);
    expect(shareWords(bot).toAll).toBe('Every user is sent this bot.');
  });
});

describe("the share form's messages (2-trading §5.4)", () => {
  it("single without an e-mail: 'Please provide the user's email.'", () => {
    expect(shareMessage({ sharing_type: 'single' }, TRADE, 'user')).toBe(TRADE_MSG.shareEmailRequired);
  });

  it('single with a malformed e-mail says so', () => {
    expect(shareMessage({ sharing_type: 'single', user: 'not-an-email' }, TRADE, 'user')).toBe(MSG.emailInvalid);
  });

  it("multiple without users: 'Please provide the users to send to'", () => {
    expect(shareMessage({ sharing_type: 'multiple', users: [] }, TRADE, 'users')).toBe(TRADE_MSG.shareUsersRequired);
  });

  it("users-on-plan without a plan: 'Select a plan.'", () => {
    expect(shareMessage({ sharing_type: 'users-on-plan' }, TRADE, 'plan')).toBe(TRADE_MSG.sharePlanRequired);
  });

  it('a complete form has no message on any field', () => {
    const ok: ShareFormValues[] = [
      { sharing_type: 'single', user: 'a@example.com' },
      { sharing_type: 'multiple', users: ['a@example.com'] },
      { sharing_type: 'users-on-plan', plan: 1 },
      { sharing_type: 'all' },
    ];
    for (const values of ok) {
      for (const field of ['user', 'users', 'plan'] as const) expect(shareMessage(values, TRADE, field)).toBeNull();
    }
  });

  it("a mode's message does not show on another mode's field", () => {
    expect(shareMessage({ sharing_type: 'single' }, TRADE, 'plan')).toBeNull();
    expect(shareMessage({ sharing_type: 'users-on-plan' }, TRADE, 'user')).toBeNull();
  });
});

describe('the choices and the shared list', () => {
  it('plans are grouped by their group label, valued by plan id', () => {
    const groups = [{ label: 'Monthly', children: [{ label: 'Pro', value: 3 }] }];
    expect(planOptions(groups)).toEqual([
      { label: 'Monthly', title: 'Monthly', options: [{ label: 'Pro', value: 3 }] },
    ]);
  });

  it('the user list leaves out the caller, whatever the case of the address', () => {
    const users = [{ email: 'admin@example.com' }, { email: 'live@example.com' }];
    expect(userOptions(users, 'Admin@Example.com')).toEqual([{ value: 'live@example.com', label: 'live@example.com' }]);
    expect(userOptions(users, undefined)).toHaveLength(2);
  });

  it("shared to: the user's e-mail, else the address of no user yet, else nobody named", () => {
    expect(sharedToOf({ shared_to: 'a@example.com', shared_to_unknown: null })).toBe('a@example.com');
    expect(sharedToOf({ shared_to: null, shared_to_unknown: 'new@example.com' })).toBe('new@example.com');
    expect(sharedToOf({ shared_to: null, shared_to_unknown: null })).toBeNull();
  });
});
