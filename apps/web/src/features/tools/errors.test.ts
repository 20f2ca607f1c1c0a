import { describe, expect, it } from 'vitest';
import { ASK_DRAT_MSG, DIONE_MSG, MSG } from '@drat/contracts';
import { ApiError, dispositionFilename } from '../../api/client';
import { filingsErrorMessage, sheetFailure, toolErrorMessage } from './errors';
import { dollarRange, formatDay } from './format';

describe('tool search errors (1-core §8)', () => {
  it.each([
    [
      'a lapsed subscription (401)',
      new ApiError(401, { detail: MSG.accountInactiveOrExpired }),
      MSG.accountInactiveOrExpired,
    ],
    [
      'any other 401',
      new ApiError(401, { detail: 'Authentication credentials were not provided.' }),
      MSG.accountInactiveOrExpired,
    ],
    ['a server failure', new ApiError(500, { error: MSG.somethingWrong }), ASK_DRAT_MSG.serviceError],
    ['a market outage (503)', new ApiError(503, { detail: ASK_DRAT_MSG.serviceError }), ASK_DRAT_MSG.serviceError],
    ['no answer', new ApiError(0, {}), ASK_DRAT_MSG.serviceError],
    [
      'no credits (400)',
      new ApiError(400, { non_field_errors: [DIONE_MSG.noCredits], error: DIONE_MSG.noCredits }),
      DIONE_MSG.noCredits,
    ],
    ['no access (403)', new ApiError(403, { detail: ASK_DRAT_MSG.noAccess }), ASK_DRAT_MSG.noAccess],
    ['a thrown bug', new TypeError('x is undefined'), ASK_DRAT_MSG.serviceError],
  ])('%s', (_, err, text) => {
    expect(toolErrorMessage(err)).toBe(text);
  });

  it('says nothing for an invalid token: the app signs out', () => {
    expect(toolErrorMessage(new ApiError(401, { detail: MSG.invalidToken }))).toBeNull();
  });
});

describe('filings errors', () => {
  it('a field error is Invalid inputs; an unknown ticker says so; the rest is Error fetching filings', () => {
    expect(filingsErrorMessage(new ApiError(400, { size: [ASK_DRAT_MSG.invalidInputs] }))).toBe(
      ASK_DRAT_MSG.invalidInputs,
    );
    expect(
      filingsErrorMessage(new ApiError(400, { ticker: ['Unknown ticker: ZZ.'], error: 'Unknown ticker: ZZ.' })),
    ).toBe('Unknown ticker: ZZ.');
    expect(filingsErrorMessage(new ApiError(502, { error: ASK_DRAT_MSG.filingsError }))).toBe(
      ASK_DRAT_MSG.filingsError,
    );
    expect(filingsErrorMessage(new ApiError(0, {}))).toBe(ASK_DRAT_MSG.filingsError);
  });
});

describe('10K sheet errors', () => {
  it('the error flag is the analysis text with the reason; a failed request is An error occurred', () => {
    const flagged = new ApiError(404, {
      detail: ASK_DRAT_MSG.sheetError,
      error: true,
      message: ASK_DRAT_MSG.sheetError,
      reason: 'SPY has no 10-K figures.',
    });
    expect(sheetFailure(flagged)).toEqual({ message: ASK_DRAT_MSG.sheetError, reason: 'SPY has no 10-K figures.' });
    expect(sheetFailure(new ApiError(0, {}))).toEqual({ message: ASK_DRAT_MSG.sheetRequestFailed, reason: null });
    expect(sheetFailure(new ApiError(500, { error: MSG.somethingWrong }))).toEqual({
      message: ASK_DRAT_MSG.sheetRequestFailed,
      reason: null,
    });
    expect(sheetFailure(new ApiError(401, { detail: MSG.accountInactiveOrExpired })).message).toBe(
      MSG.accountInactiveOrExpired,
    );
  });
});

describe('file names and figures', () => {
  it.each([
    ['attachment; filename="AAPL_10K_analysis_20261122-0238.xlsx"', 'AAPL_10K_analysis_20261122-0238.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment; filename*=UTF-8\'\'BRK.B%20sheet.xlsx; filename="fallback.xlsx"', 'BRK.B sheet.xlsx'],
    ['attachment', null],
    [null, null],
  ])('Content-Disposition %s', (header, name) => {
    expect(dispositionFilename(header)).toBe(name);
  });

  it('ranges in dollars, calendar days without a time-zone shift', () => {
    expect(dollarRange('207.16 - 215.85')).toBe('$207.16 - $215.85');
    expect(dollarRange('0.0412 - 0.0450')).toBe('$0.0412 - $0.0450');
    expect(formatDay('2026-11-20')).toBe('11/20/2026');
  });
});
