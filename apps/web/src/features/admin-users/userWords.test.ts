import { describe, expect, it } from 'vitest';
import type { AdminProfile } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { auditChanges, changedFields, matchesSearch, profileValuesOf, userActions } from './userWords';

const user: AdminProfile = {
  id: 7,
  name: 'Dana Demo',
  email: 'demo@drat.local',
  phone_number: '',
  joined_date: '2026-11-28T08:57:24.356Z',
  current_plans: [{ id: 3, name: 'Stocks', accessible_alerts: ['SWING-ALERTS'] }],
  is_live_trader: false,
  is_super: false,
  active_status: true,
  subscription_start_date: null,
  subscription_end_date: null,
  user_last_login_log: [],
  receive_emails: true,
  receive_sms: false,
  dione_credits: 5,
  otp_enabled: false,
};

describe('a user row menu', () => {
  it('offers Grant and Deactivate to an active user who trades on demo', () => {
    expect(userActions(user)).toEqual(['details', 'profile', 'password', 'plans', 'grantLive', 'deactivate']);
  });
  it('offers Revoke and Activate to an inactive live trader', () => {
    const actions = userActions({ ...user, is_live_trader: true, active_status: false });
    expect(actions).toContain('revokeLive');
    expect(actions).toContain('activate');
    expect(actions).not.toContain('grantLive');
    expect(actions).not.toContain('deactivate');
  });
  it("does not offer Deactivate on the signed-in super user's own row", () => {
    expect(userActions(user, 'DEMO@drat.local')).not.toContain('deactivate');
    expect(userActions(user, 'admin@drat.local')).toContain('deactivate');
  });
  it("offers neither Deactivate nor Reset password on another super user's row, which the server refuses", () => {
    const other = { ...user, is_super: true };
    expect(userActions(other, 'admin@drat.local')).toEqual(['details', 'profile', 'plans', 'grantLive']);
    expect(userActions(other, 'demo@drat.local')).toContain('password');
    expect(userActions({ ...other, active_status: false }, 'admin@drat.local')).toContain('activate');
  });
});

describe('searching users', () => {
  it('finds a user by part of their name or e-mail in any case', () => {
    expect(matchesSearch(user, 'dana')).toBe(true);
    expect(matchesSearch(user, 'DRAT.LOCAL')).toBe(true);
    expect(matchesSearch(user, '  ')).toBe(true);
    expect(matchesSearch(user, 'olive')).toBe(false);
  });
});

describe('an Update profile form', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedFields(user, profileValuesOf(user))).toEqual({});
  });
  it('sends only the fields changed, an e-mail only when it differs beyond its case', () => {
    expect(
      changedFields(user, { ...profileValuesOf(user), email: 'DEMO@drat.local', receive_sms: true, dione_credits: 0 }),
    ).toEqual({ receive_sms: true, dione_credits: 0 });
    expect(changedFields(user, { ...profileValuesOf(user), phone_number: ' +15551234567 ' })).toEqual({
      phone_number: '+15551234567',
    });
  });
  it('leaves a cleared credits box out', () => {
    expect(changedFields(user, { ...profileValuesOf(user), dione_credits: null })).toEqual({});
  });
});

describe('an audit entry', () => {
  it('lists the fields that changed, before and after, in words', () => {
    expect(
      auditChanges(
        { active_status: true, email: 'a@b.c', current_plans: [{ id: 3, name: 'Stocks' }] },
        { active_status: false, email: 'a@b.c', current_plans: [] },
      ),
    ).toEqual([
      { field: 'active', before: 'yes', after: 'no' },
      { field: 'current plans', before: 'Stocks', after: 'none' },
    ]);
  });
  it("shows a slot's count-down in words, its moments as dates", () => {
    const [change] = auditChanges(
      { count_down_start_date: null, rem_slots: 25 },
      { count_down_start_date: '2026-11-30T09:38:31.066Z', rem_slots: 25 },
    );
    expect(change).toEqual({
      field: 'count-down start',
      before: '—',
      after: formatDateTime('2026-11-30T09:38:31.066Z'),
    });
    expect(change!.after).not.toMatch(/T\d\d:/);
  });
  it('shows every field of a record made or removed', () => {
    expect(auditChanges(null, { email: 'x@y.z' })).toEqual([{ field: 'email', before: '—', after: 'x@y.z' }]);
  });
});
