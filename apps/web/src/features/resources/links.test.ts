import { describe, expect, it } from 'vitest';
import { RESOURCE_LINK_SECONDS } from '@drat/contracts';
import { fileKind, LINKS_REFRESH_MS, needsFreshLink } from './links';

const pdf = { type: 'PDF' as const, link: null, file_url: '/media/resources/a-guide.pdf?u=1&exp=2&sig=x' };
const video = { type: 'VIDEO' as const, link: null, file_url: '/media/resources/a-clip.mp4?u=1&exp=2&sig=x' };
const minutes = (n: number) => n * 60_000;

describe('links to stored files are renewed before they expire', () => {
  it('a document link is used as it is for 14 minutes, then renewed', () => {
    expect(needsFreshLink(pdf, 0, minutes(13))).toBe(false);
    expect(needsFreshLink(pdf, 0, minutes(14) + 1)).toBe(true);
  });

  it('a video link lives hours', () => {
    expect(needsFreshLink(video, 0, minutes(150))).toBe(false);
    expect(needsFreshLink(video, 0, RESOURCE_LINK_SECONDS.video * 1000)).toBe(true);
  });

  it('a video that lives elsewhere, or a resource without a file, needs nothing', () => {
    expect(needsFreshLink({ ...video, link: 'https://videos.example.com/a', file_url: null }, 0, minutes(600))).toBe(
      false,
    );
    expect(needsFreshLink({ ...pdf, file_url: null }, 0, minutes(600))).toBe(false);
  });

  it('the list is read again before its document links are old', () => {
    expect(needsFreshLink(pdf, 0, LINKS_REFRESH_MS)).toBe(false);
  });
});

describe("a sheet's kind comes from its file's name, not the link's signature", () => {
  it.each([
    ['/media/resources/x-data.csv?u=1&exp=2&sig=abc', 'CSV'],
    ['https://bucket.example/drat/resources/x-data.xlsx?X-Amz-Signature=ab&X-Amz-Expires=900', 'XLSX'],
    ['/media/resources/x-data', 'SHEET'],
    [null, 'SHEET'],
  ])('%s', (url, kind) => {
    expect(fileKind(url, 'SHEET')).toBe(kind);
  });
});
