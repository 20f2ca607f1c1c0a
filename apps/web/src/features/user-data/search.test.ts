import { describe, expect, it } from 'vitest';
import { USER_DATA_DELETE_BATCH, USER_DATA_MSG, userDataSearch } from '@drat/contracts';
import { batchesOf, EMPTY_SEARCH, fileProblem, reportWords, searchQuery, toggleTags, type SearchForm } from './search';

const form = (patch: Partial<SearchForm>): SearchForm => ({ ...EMPTY_SEARCH, ...patch });

describe('the search sent from the search panel', () => {
  it('an empty panel searches everyone', () => {
    expect(searchQuery(EMPTY_SEARCH)).toEqual({});
  });

  it('a term goes with its search type, trimmed; a blank term sends neither', () => {
    expect(searchQuery(form({ searchType: 'tag', searchTerm: '  vip ' }))).toEqual({
      searchType: 'tag',
      searchTerm: 'vip',
    });
    expect(searchQuery(form({ searchType: 'phone_number', searchTerm: '   ' }))).toEqual({});
  });

  it('sends only the filters that are ticked, and the date range as a pair', () => {
    const q = searchQuery(
      form({ tags: 'none', has: ['has_email', 'has_instagram'], dates: ['2026-11-01', '2026-11-28'] }),
    );
    expect(q).toEqual({
      no_tags: true,
      has_email: true,
      has_instagram: true,
      date_from: '2026-11-01',
      date_to: '2026-11-28',
    });
    expect(userDataSearch.safeParse(q).success).toBe(true);
    expect(searchQuery(form({ tags: 'has' }))).toEqual({ has_tags: true });
  });

  it('ticking Has Tags unticks No Tags and the other way round; unticking leaves neither', () => {
    expect(toggleTags(null, 'has', true)).toBe('has');
    expect(toggleTags('has', 'none', true)).toBe('none');
    expect(toggleTags('none', 'has', true)).toBe('has');
    expect(toggleTags('has', 'has', false)).toBe(null);
    // Unticking the one not ticked changes nothing.
    expect(toggleTags('has', 'none', false)).toBe('has');
  });
});

describe('ids in batches', () => {
  it('deletes 2,500 rows in calls of 1,000, 1,000 and 500, in order', () => {
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    const batches = batchesOf(ids);
    expect(USER_DATA_DELETE_BATCH).toBe(1000);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat()).toEqual(ids);
  });

  it('one call for up to 1,000 ids, none for none', () => {
    expect(batchesOf([7])).toEqual([[7]]);
    expect(batchesOf(Array.from({ length: 1000 }, (_, i) => i))).toHaveLength(1);
    expect(batchesOf([])).toEqual([]);
  });
});

describe('the file chosen for upload', () => {
  it('takes CSV, XLS and XLSX whatever the case', () => {
    expect(fileProblem({ name: 'people.csv' })).toBeNull();
    expect(fileProblem({ name: 'People.XLSX' })).toBeNull();
    expect(fileProblem({ name: 'old.xls' })).toBeNull();
  });

  it('refuses other files and no file in the spec words', () => {
    expect(fileProblem({ name: 'people.txt' })).toBe(USER_DATA_MSG.fileType);
    expect(fileProblem({ name: 'csv' })).toBe(USER_DATA_MSG.fileType);
    expect(fileProblem(null)).toBe(USER_DATA_MSG.fileRequired);
  });
});

describe('the upload report in words', () => {
  const report = { rows: 0, added: 0, pending: 0, unchanged: 0, skipped: 0, skipped_rows: [] };

  it('says what became of every row', () => {
    const words = reportWords({
      ...report,
      rows: 5,
      added: 2,
      pending: 1,
      unchanged: 1,
      skipped: 1,
      skipped_rows: [{ row: 4, reason: 'bad' }],
    });
    expect(words.summary).toBe('5 rows read: 2 added, 1 with changes pending, 1 unchanged, 1 skipped.');
    expect(words.details).toEqual(['1 person already in the list has changes waiting in Pending User Changes.']);
  });

  it('one row, in the singular; thousands with separators', () => {
    expect(reportWords({ ...report, rows: 1, added: 1 }).summary).toBe(
      '1 row read: 1 added, 0 with changes pending, 0 unchanged, 0 skipped.',
    );
    expect(reportWords({ ...report, rows: 12000, added: 12000 }).summary).toBe(
      '12,000 rows read: 12,000 added, 0 with changes pending, 0 unchanged, 0 skipped.',
    );
  });

  it('says when only the first skipped rows are listed, and when the file has no rows', () => {
    const skipped_rows = Array.from({ length: 100 }, (_, i) => ({ row: i + 2, reason: 'bad' }));
    const words = reportWords({ ...report, rows: 250, skipped: 250, skipped_rows, pending: 3 });
    expect(words.details).toEqual([
      '3 people already in the list have changes waiting in Pending User Changes.',
      'The first 100 of 250 skipped rows are listed below.',
    ]);
    expect(reportWords(report).summary).toBe('The file has no rows under its header.');
  });
});
