import { describe, expect, it } from 'vitest';
import { TRADE_STATUSES, type TradeStatus } from '@drat/contracts';
import { adminRowActions, adminStatusColor, tradeModeOf } from './rowActions';

const live = (status: TradeStatus, archived = false) => adminRowActions({ status, archived, account_id: 'SIM-7' });
const demo = (status: TradeStatus, archived = false) => adminRowActions({ status, archived, account_id: 'DEMO-7' });

describe("a super user's actions on any user's trade (3-bots-admin-public §2.5)", () => {
  it('every trade offers View Details, View Logs and Cancel Trade, whatever its status', () => {
    for (const status of TRADE_STATUSES) {
      expect(live(status).slice(0, 3)).toEqual(['details', 'logs', 'cancel']);
      expect(demo(status).slice(0, 3)).toEqual(['details', 'logs', 'cancel']);
    }
  });

  it('a running live trade is not archived', () => {
    expect(live('PENDING')).toEqual(['details', 'logs', 'cancel']);
    expect(live('OPEN')).toEqual(['details', 'logs', 'cancel']);
  });

  it('a finished live trade is archived', () => {
    for (const status of ['COMPLETED', 'CANCELLED', 'FAIL'] as const) {
      expect(live(status)).toEqual(['details', 'logs', 'cancel', 'archive']);
    }
  });

  it('an archived trade is un-archived instead', () => {
    expect(live('COMPLETED', true)).toEqual(['details', 'logs', 'cancel', 'unarchive']);
  });

  it('a demo trade is never archived: the server archives live trades only', () => {
    expect(demo('COMPLETED')).toEqual(['details', 'logs', 'cancel']);
  });
});

describe("a trade's mode, from its account", () => {
  it("the owner's demo account is DEMO-<id>; any other account is a brokerage account", () => {
    expect(tradeModeOf({ account_id: 'DEMO-12' })).toBe('demo');
    expect(tradeModeOf({ account_id: 'SIM-12' })).toBe('live');
    expect(tradeModeOf({ account_id: 'VA12345678' })).toBe('live');
  });
});

describe('status colours of the admin list', () => {
  it('COMPLETED and OPEN display as positive', () => {
    expect(adminStatusColor('COMPLETED')).toBe('success');
    expect(adminStatusColor('OPEN')).toBe('success');
  });

  it("the others keep the trader's colours", () => {
    expect(adminStatusColor('PENDING')).toBe('default');
    expect(adminStatusColor('CANCELLED')).toBe('error');
    expect(adminStatusColor('FAIL')).toBe('error');
  });
});
