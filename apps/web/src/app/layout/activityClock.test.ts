import { describe, expect, it } from 'vitest';
import { IDLE_LOGOUT_MINUTES } from '@drat/contracts';
import { createActivityClock } from './activityClock';

const MINUTE = 60_000;
const LIMIT = IDLE_LOGOUT_MINUTES * MINUTE;

/** Two tabs of one browser on a clock the test moves; what one tells, the other hears. */
function browser() {
  let time = Date.UTC(2026, 10, 24, 14, 0);
  const now = () => time;
  const busy = createActivityClock(LIMIT, { now });
  const quiet = createActivityClock(LIMIT, { now });
  return {
    busy,
    quiet,
    wait: (minutes: number) => {
      time += minutes * MINUTE;
    },
    work: () => {
      const told = busy.used();
      if (told !== null) quiet.heard(told);
    },
  };
}

describe('the idle limit across tabs', () => {
  it('a tab left alone for the whole limit is idle', () => {
    const b = browser();
    b.wait(IDLE_LOGOUT_MINUTES - 1);
    expect(b.quiet.idle()).toBe(false);
    b.wait(1);
    expect(b.quiet.idle()).toBe(true);
  });

  it('work-in-another-tab-keeps-the-quiet-tab-signed-in', () => {
    const b = browser();
    b.wait(60);
    b.work();
    b.wait(61); // 121 minutes since the quiet tab was used, 61 since the busy one
    expect(b.quiet.idle()).toBe(false);
    expect(b.busy.idle()).toBe(false);
    b.wait(59); // 120 minutes without activity anywhere
    expect(b.quiet.idle()).toBe(true);
    expect(b.busy.idle()).toBe(true);
  });

  it('activity-is-told-at-most-every-ten-seconds-and-an-older-word-never-moves-time-back', () => {
    const b = browser();
    expect(b.busy.used()).not.toBeNull();
    expect(b.busy.used()).toBeNull(); // told a moment ago
    b.wait(1);
    const at = b.busy.used();
    expect(at).not.toBeNull();
    b.quiet.used();
    b.quiet.heard(at! - 30 * MINUTE);
    b.wait(IDLE_LOGOUT_MINUTES - 1);
    expect(b.quiet.idle()).toBe(false);
  });
});
