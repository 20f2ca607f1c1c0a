/**
 * The XLS reader (user-data.xls.ts) against files Excel made (test/fixtures/xls, from xlrd's test
 * samples, checked for the values xlrd's own tests check) and against files the test writer makes
 * for what those do not hold: thousands of shared strings across CONTINUE records, 16-bit
 * characters split at a record's end, a password-protected file, Excel 95, a damaged file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_DATA_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { xlsFile } from '../../../test/xls-writer';
import { xlsRows } from './user-data.xls';

const fixture = (name: string): Buffer => readFileSync(new URL(`../../../test/fixtures/xls/${name}`, import.meta.url));

const refusal = (file: Buffer): unknown => {
  try {
    xlsRows(file);
  } catch (err) {
    return err instanceof DomainError ? err.details : err;
  }
  return 'read';
};

describe('files saved by Excel', () => {
  it('profiles-xls-its-first-sheet-text-and-numbers-as-xlrd-reads-them', () => {
    const rows = xlsRows(fixture('profiles.xls'));
    expect(rows).toHaveLength(15); // xlrd: PROFILEDEF has 15 rows of 13 columns
    expect(rows[0]!.cells.slice(0, 2)).toEqual(['PROFIL', 'a']);
    expect(rows[1]!.cells.slice(0, 2)).toEqual(['P8.2', '100']);
    expect(rows.every((r) => r.cells.length === 13)).toBe(true);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('formate-xls-latin1-text-with-umlauts-and-dates-as-their-serial-numbers', () => {
    const rows = xlsRows(fixture('Formate.xls'));
    expect(rows.slice(0, 3).map((r) => r.cells)).toEqual([
      ['Huber', '2741'],
      ['Äcker', '38406'],
      ['Öcker', '32266'],
    ]);
  });

  it('formula-results-cyrillic-text-numbers-empty-text-booleans-and-errors-left-empty', () => {
    const cells = xlsRows(fixture('formula_test_sjmachin.xls')).map((r) => r.cells[1] ?? '');
    expect(cells).toEqual(['Data', 'МОСКВА Москва', '0.142857142857143', 'ABCDEF', '', 'TRUE', '', 'МОСКВА Москва']);
  });
});

describe('files the test writer makes', () => {
  it('five-thousand-people-with-wide-and-narrow-names-read-back-exactly-across-continue-records', () => {
    const rows: (string | number)[][] = [['email', 'first_name', 'phone_number']];
    for (let i = 0; i < 5000; i++) {
      const name = i % 3 === 0 ? `Доступ-${i}-${'я'.repeat(i % 40)}` : `Name-${i}-${'x'.repeat(i % 50)}`;
      rows.push([`p${i}@example.com`, name, 15550000000 + i]);
    }
    const file = xlsFile(rows);
    // The shared strings are far more than one record (8,224 bytes) holds.
    expect(file.length).toBeGreaterThan(200_000);
    const read = xlsRows(file);
    expect(read.map((r) => r.cells)).toEqual(rows.map((r) => r.map(String)));
    expect(read[5000]!.n).toBe(5001);
  });

  it('blank-cells-and-blank-rows-are-left-out-and-numbers-read-as-typed', () => {
    const read = xlsRows(
      xlsFile([['email', null, 'phone'], [], ['  ada@example.com  ', null, 4155550100], [null, 12.5, -3]]),
    );
    expect(read).toEqual([
      { n: 1, cells: ['email', '', 'phone'] },
      { n: 3, cells: ['ada@example.com', '', '4155550100'] },
      { n: 4, cells: ['', '12.5', '-3'] },
    ]);
  });

  it('a-password-protected-an-excel-95-and-a-damaged-file-are-refused-in-plain-words', () => {
    const said = { file: [USER_DATA_MSG.xlsNotRead] };
    expect(refusal(xlsFile([['email']], { encrypted: true }))).toEqual(said);
    expect(refusal(xlsFile([['email']], { biff5: true }))).toEqual(said);
    const good = xlsFile([['email'], ['ada@example.com']]);
    expect(refusal(good.subarray(0, 600))).toEqual(said);
    expect(refusal(Buffer.concat([good.subarray(0, 512), Buffer.alloc(4096, 0xff)]))).toEqual(said);
  });
});
