import { describe, expect, it } from 'vitest';
import { USER_DATA_MSG } from '@drat/contracts';
import { changesOf, columnsOf, csvCell, keyOf, rowOf, tagsOf } from './user-data.rows';

const columns = columnsOf([
  'First Name',
  'last_name',
  'E-mail',
  'Twitter',
  'Instagram Handle',
  'Phone',
  'Tags',
  'Notes',
])!;

describe('user data rows', () => {
  it('reads-headers-in-any-spelling-and-leaves-unknown-columns-out', () => {
    expect(columns).toEqual([
      'first_name',
      'last_name',
      'email',
      'twitter_handle',
      'instagram_handle',
      'phone_number',
      'tags',
      null,
    ]);
    expect(columnsOf(['name', 'age'])).toBeNull();
  });

  it('cleans-a-row: e-mail lower-cased, phone digits, handles from @ or links, tags split and deduplicated', () => {
    expect(
      rowOf(
        [
          ' Ada ',
          'Lovelace',
          'Ada@Example.COM',
          'https://x.com/ada_l',
          '@ada.l',
          '+1 (415) 555-0101',
          'vip; Trial, VIP|',
          'x',
        ],
        columns,
      ),
    ).toEqual({
      row: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        twitter_handle: 'ada_l',
        instagram_handle: 'ada.l',
        phone_number: '+14155550101',
        tags: ['vip', 'Trial'],
      },
    });
  });

  it('skips-a-row-with-its-reason-in-words', () => {
    const cases: [string[], string][] = [
      [['', '', '', '', '', '', 'vip'], USER_DATA_MSG.rowEmpty],
      [['Ada', '', 'ada@', '', '', '', ''], USER_DATA_MSG.rowEmail('ada@')],
      [['Ada', '', '', '', '', '555-01', ''], USER_DATA_MSG.rowPhone('555-01')],
      [['Ada', '', '', 'no spaces allowed', '', '', ''], USER_DATA_MSG.rowHandle('Twitter', 'no spaces allowed')],
      [['x'.repeat(201), '', '', '', '', '', ''], USER_DATA_MSG.rowTooLong('first_name')],
    ];
    for (const [cells, reason] of cases) expect(rowOf(cells, columns)).toEqual({ reason });
  });

  it('knows-a-person-again-by-e-mail-else-by-phone', () => {
    expect(keyOf({ email: 'Ada@x.com', phone_number: '+1415' })).toBe('e:ada@x.com');
    expect(keyOf({ email: '', phone_number: '+14155550101' })).toBe('p:+14155550101');
    expect(keyOf({ email: '', phone_number: '' })).toBeNull();
  });

  it('proposes-what-a-row-changes-never-clearing-a-field-and-adding-tags', () => {
    const current = {
      id: 1,
      first_name: 'Ada',
      last_name: '',
      email: 'ada@x.com',
      twitter_handle: 'ada',
      instagram_handle: '',
      phone_number: '+14155550101',
      tags: ['vip'],
    };
    const row = { ...current, first_name: 'Ada', last_name: 'Lovelace', twitter_handle: '', tags: ['VIP', 'trial'] };
    expect(changesOf(current, row)).toEqual([
      ['last_name', '', 'Lovelace'],
      ['tags', 'vip', 'vip, trial'],
    ]);
    expect(changesOf(current, { ...current, tags: ['VIP'] })).toEqual([]);
  });

  it('writes-cells-a-spreadsheet-will-not-run-as-formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+14155550101')).toBe("'+14155550101");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    // Opened where ; (or a tab) separates cells, the rest must not become a cell of its own.
    expect(csvCell('x;=1+2')).toBe('"x;=1+2"');
    expect(csvCell('x\t=1+2')).toBe('"x\t=1+2"');
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('splits-tags-on-commas-semicolons-and-bars', () => {
    expect(tagsOf('a, b;c|a')).toEqual(['a', 'b', 'c']);
  });
});
