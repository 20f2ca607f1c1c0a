import { describe, expect, it } from 'vitest';
import { byStatusThenNewest } from '@drat/contracts';
import { statusColor } from './status';

describe('the trade list order and badges (2-trading §2.2)', () => {
  it('groups by status in the spec order, newest first in each group', () => {
    const rows = [
      { id: 1, status: 'COMPLETED', created: '2026-11-20T10:00:00Z' },
      { id: 2, status: 'PENDING', created: '2026-11-21T10:00:00Z' },
      { id: 3, status: 'OPEN', created: '2026-11-22T10:00:00Z' },
      { id: 4, status: 'PENDING', created: '2026-11-23T10:00:00Z' },
      { id: 5, status: 'DRAFT', created: '2026-11-19T10:00:00Z' },
      { id: 6, status: 'FAIL', created: '2026-11-18T10:00:00Z' },
      { id: 7, status: 'CANCELLED', created: '2026-11-24T10:00:00Z' },
    ] as const;
    expect(byStatusThenNewest([...rows]).map((r) => r.id)).toEqual([5, 4, 2, 6, 3, 1, 7]);
  });

  it('colours: OPEN warning, PENDING stale, COMPLETED positive, DRAFT yellow, the rest negative', () => {
    expect(['OPEN', 'PENDING', 'COMPLETED', 'DRAFT', 'CANCELLED', 'FAIL'].map((s) => statusColor(s as never))).toEqual([
      'warning',
      'default',
      'success',
      'gold',
      'error',
      'error',
    ]);
  });
});
