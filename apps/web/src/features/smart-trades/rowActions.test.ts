import { describe, expect, it } from 'vitest';
import type { TradeStatus } from '@drat/contracts';
import { demoRowActions, liveRowActions } from './rowActions';

const live = (status: TradeStatus, archived = false) => liveRowActions({ status, archived });

describe("a live trade's row actions by status (2-trading §2.2)", () => {
  it('a draft is traded or deleted, nothing else', () => {
    expect(live('DRAFT')).toEqual(['trade', 'delete']);
  });

  it('a pending trade is copied and cancelled, besides details, logs, alert and share', () => {
    expect(live('PENDING')).toEqual(['details', 'logs', 'alert', 'copy', 'cancel', 'share']);
  });

  it('an open trade is cancelled or retraded, not archived', () => {
    expect(live('OPEN')).toEqual(['details', 'logs', 'alert', 'cancel', 'share', 'retrade']);
  });

  it("a running advanced trade's conditions can be edited; a finished one's cannot", () => {
    expect(liveRowActions({ status: 'OPEN', archived: false, trade_type: 'ADVANCED' })).toContain('conditions');
    expect(liveRowActions({ status: 'COMPLETED', archived: false, trade_type: 'ADVANCED' })).not.toContain(
      'conditions',
    );
    expect(live('OPEN')).not.toContain('conditions');
  });

  it('a completed or cancelled trade is retraded and archived', () => {
    for (const status of ['COMPLETED', 'CANCELLED'] as const) {
      expect(live(status)).toEqual(['details', 'logs', 'alert', 'share', 'retrade', 'archive']);
    }
  });

  it('a failed trade is archived but not retraded', () => {
    expect(live('FAIL')).toEqual(['details', 'logs', 'alert', 'share', 'archive']);
  });

  it('an archived trade is un-archived instead', () => {
    expect(live('COMPLETED', true)).toEqual(['details', 'logs', 'alert', 'share', 'retrade', 'unarchive']);
  });
});

describe("a demo trade's row actions", () => {
  it('cancel while it runs; details, logs and alert always; no archive or share', () => {
    expect(demoRowActions({ status: 'OPEN', archived: false })).toEqual(['details', 'logs', 'alert', 'cancel']);
    expect(demoRowActions({ status: 'COMPLETED', archived: false })).toEqual(['details', 'logs', 'alert']);
  });
});
