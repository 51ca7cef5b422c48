import { describe, expect, it } from 'vitest';
import { BALANCE_SHEET_MAX_BYTES, megabytes, PROFILE_PICTURE_MAX_BYTES } from './files.ts';

describe('megabytes', () => {
  it('names the upload limits as the texts show them', () => {
    expect(megabytes(BALANCE_SHEET_MAX_BYTES)).toBe(10);
    expect(megabytes(PROFILE_PICTURE_MAX_BYTES)).toBe(2);
  });

  it('keeps one decimal for a limit that is not whole', () => {
    expect(megabytes(1.5 * 1024 * 1024)).toBe(1.5);
  });
});
