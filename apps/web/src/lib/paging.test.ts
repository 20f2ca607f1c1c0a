import { describe, expect, it } from 'vitest';
import { heldCount, mergeFreshFirstPage, uniqueById, type Pages } from './paging';

const item = (id: number, v = 'old') => ({ id, v });
const pages = (...chunks: number[][]): Pages<{ id: number; v: string }> => ({
  pages: chunks.map((ids, i) => ({ items: ids.map((id) => item(id)), hasMore: i < chunks.length - 1 })),
  pageParams: chunks.map((_, i) => i * 3),
});

describe('alert list paging', () => {
  it('puts new alerts on top of the first page and keeps every alert already shown', () => {
    const merged = mergeFreshFirstPage(pages([5, 4, 3], [2, 1]), {
      items: [item(6, 'new'), item(5, 'new'), item(4, 'new')],
      hasMore: true,
    })!;
    expect(merged.pages[0]!.items.map((i) => i.id)).toEqual([6, 5, 4, 3]);
    expect(merged.pages[0]!.items[1]!.v).toBe('new');
    expect(merged.pages[1]!.items.map((i) => i.id)).toEqual([2, 1]);
    // The next chunk starts after everything held: one new alert moved the others down by one.
    expect(heldCount(merged.pages)).toBe(6);
  });

  it('leaves a list that has not loaded alone', () => {
    expect(mergeFreshFirstPage(undefined, { items: [item(1)], hasMore: false })).toBeUndefined();
  });

  it('shows an alert once even when two chunks hold it', () => {
    expect(uniqueById([item(3), item(2), item(2), item(1)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
