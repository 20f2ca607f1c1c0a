import { describe, expect, it } from 'vitest';
import { USER_DATA_MSG } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { failureText } from './errors';

describe('what a failed user-data call shows', () => {
  it("a refusal in the server's words; a field error as its message alone", () => {
    expect(failureText(new ApiError(403, { detail: USER_DATA_MSG.viewOnly }), 'x')).toBe(USER_DATA_MSG.viewOnly);
    expect(failureText(new ApiError(400, { file: [USER_DATA_MSG.noColumns] }), 'x')).toBe(USER_DATA_MSG.noColumns);
  });

  it('the fallback for a server failure or no answer', () => {
    expect(failureText(new ApiError(500, {}), USER_DATA_MSG.uploadFailed)).toBe(USER_DATA_MSG.uploadFailed);
    expect(failureText(new ApiError(0, {}), USER_DATA_MSG.downloadFailed)).toBe(USER_DATA_MSG.downloadFailed);
    expect(failureText(new Error('boom'), USER_DATA_MSG.uploadFailed)).toBe(USER_DATA_MSG.uploadFailed);
  });
});
