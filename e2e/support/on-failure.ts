import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { openPages } from './browser';

/** Where a failed journey's screenshots go (printed with the failure). */
const DIR = path.join(os.tmpdir(), 'drat-e2e-failures');

/** What a person would have seen: the toasts, dialogs, alerts and field errors on the page. */
const VISIBLE = [
  '.ant-message-notice',
  '.ant-notification-notice',
  '.ant-modal-container',
  '.ant-alert',
  '.ant-form-item-explain-error',
  '[role="alert"]',
].join(', ');

/**
 * When a journey fails, each of its open pages is described on the console (address, what it
 * showed) and screenshotted, so a failure in CI says what the browser saw, not only what it waited for.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    // Pages leave the list when they close; those of earlier tests still open are described too.
    const pages = [...openPages];
    fs.mkdirSync(DIR, { recursive: true });
    for (const [i, page] of pages.entries()) {
      if (page.isClosed()) continue;
      const file = path.join(DIR, `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}-${i}.png`);
      try {
        const shown = await page
          .locator(VISIBLE)
          .allInnerTexts()
          .then((texts) => texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean));
        await page.screenshot({ path: file, timeout: 5_000 });
        console.error(
          `[failed journey] page ${i + 1} of ${pages.length} at ${page.url()}\n` +
            `  showing: ${shown.length ? shown.join(' | ') : '(no toast, dialog, alert or field error)'}\n` +
            `  screenshot: ${file}`,
        );
      } catch (err) {
        console.error(`[failed journey] page ${i + 1} at ${page.url()} could not be described: ${String(err)}`);
      }
    }
  });
});
