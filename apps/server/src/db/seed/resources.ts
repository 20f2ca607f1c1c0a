import type { Logger } from 'pino';
import type { ResourceAccess } from '@drat/contracts';
import type { Db } from '../client';
import type { StorageProvider } from '../../providers/storage/index';
import { resourcesRepo } from '../../modules/resources';
import { makePdf, makeThumbnailPng, makeXlsx } from './demo-files';

interface DemoFile {
  key: string;
  mime: string;
  bytes: () => Buffer;
}
interface DemoResource {
  name: string;
  type: 'PDF' | 'SHEET' | 'VIDEO';
  access: ResourceAccess;
  description?: string;
  file?: DemoFile;
  thumbnail?: DemoFile;
  link?: string;
  duration?: string;
}

const pdf = (key: string, title: string, lines: string[]): DemoFile => ({
  key,
  mime: 'application/pdf',
  bytes: () => makePdf(title, lines),
});
const thumb = (key: string, from: [number, number, number], to: [number, number, number]): DemoFile => ({
  key,
  mime: 'image/png',
  bytes: () => makeThumbnailPng(from, to),
});
const search = (q: string) => `https://www.youtube.com/results?search_query=${encodeURIComponent(q)}`;

/** The demo library: a few of each kind, for everyone and for the demo plans' categories. */
const DEMO_RESOURCES: DemoResource[] = [
  {
    name: 'DRAT Alerts Playbook',
    type: 'PDF',
    access: 'ALL',
    file: pdf('resources/demo-drat-alerts-playbook.pdf', 'DRAT Alerts Playbook', [
      'How to read a DRAT alert card:',
      '- Buy range: the prices where the setup is still valid to enter.',
      '- Target range: where to take profit, first Target 1, then Target 2.',
      '- Stop loss: the price that says the idea was wrong. Respect it.',
      '- Risk vs reward: how much you risk for each dollar you can make.',
      '',
      'Track an alert to follow its progress on My Trackers; the triggers page',
      'tells you when a price enters the buy range or reaches a target.',
    ]),
  },
  {
    name: 'Options Basics: Calls, Puts and the Greeks',
    type: 'PDF',
    access: 'OPTIONS',
    file: pdf('resources/demo-options-basics.pdf', 'Options Basics', [
      'A call gains when the stock rises; a put gains when it falls.',
      'Delta: how much the option moves for a $1 move of the stock.',
      'Theta: what the option loses each day as expiry comes closer.',
      'Vega: how much the option moves when implied volatility changes.',
    ]),
  },
  {
    name: 'Position Size Calculator',
    type: 'SHEET',
    access: 'ALL',
    file: {
      key: 'resources/demo-position-size-calculator.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: () =>
        makeXlsx('Position size', [
          ['Account value', 'Risk per trade (%)', 'Entry', 'Stop loss', 'Shares'],
          [25000, 1, 42.5, 40.1, 104],
          [50000, 0.5, 118.2, 112.9, 47],
          [10000, 2, 7.35, 6.8, 363],
        ]),
    },
  },
  {
    name: 'Swing Trade Journal',
    type: 'SHEET',
    access: 'STOCKS',
    file: {
      key: 'resources/demo-swing-trade-journal.csv',
      mime: 'text/csv; charset=utf-8',
      bytes: () =>
        Buffer.from(
          'Date,Ticker,Entry,Exit,Shares,Result,Notes\n2026-01-05,AAPL,182.40,191.10,50,435.00,Target 1 reached\n2026-01-12,MSFT,402.00,396.50,20,-110.00,Stopped out\n',
          'utf8',
        ),
    },
  },
  {
    name: 'Reading a DRAT alert card',
    type: 'VIDEO',
    access: 'ALL',
    description: 'Buy range, targets, stop loss and risk vs reward, one field at a time.',
    link: search('how to read a stock trade alert buy range target stop loss'),
    duration: '8:45',
    thumbnail: thumb('resources/demo-reading-an-alert-thumbnail.png', [22, 119, 255], [114, 46, 209]),
  },
  {
    name: 'Setting stop losses that hold',
    type: 'VIDEO',
    access: 'STOCKS',
    description: 'Where to place a stop so noise does not shake you out of a good trade.',
    link: search('where to place a stop loss swing trading'),
    duration: '12:30',
    thumbnail: thumb('resources/demo-stop-losses-thumbnail.png', [19, 194, 194], [22, 119, 255]),
  },
  {
    name: 'Options expiry week, explained',
    type: 'VIDEO',
    access: 'OPTIONS',
    description: 'What happens to option prices in the last days before expiry.',
    link: search('options expiration week theta explained'),
    duration: '10:05',
    thumbnail: thumb('resources/demo-options-expiry-thumbnail.png', [250, 140, 22], [245, 34, 45]),
  },
];

/** Fills an empty library with the demo resources (files written through the storage provider). */
export async function seedDemoResources(db: Db, storage: StorageProvider, log: Logger): Promise<void> {
  const repo = resourcesRepo(db);
  if ((await repo.count()) > 0) return;
  for (const r of DEMO_RESOURCES) {
    for (const f of [r.file, r.thumbnail]) if (f) await storage.put(f.key, f.bytes(), f.mime);
    await repo.insert(
      {
        name: r.name,
        type: r.type,
        access: r.access,
        description: r.description ?? '',
        videoTimeDuration: r.duration ?? null,
        link: r.link ?? null,
        fileKey: r.file?.key ?? null,
        thumbnailKey: r.thumbnail?.key ?? null,
      },
      [],
    );
  }
  log.info({ resources: DEMO_RESOURCES.length }, 'demo resources ready');
}
