import { describe, expect, it } from 'vitest';
import { checkDeclaredSizes, XLSX_LIMITS, XlsxGuardError, type ZipEntry } from './xlsx-guard.ts';

const entry = (name: string, uncompressedSize: number): ZipEntry => ({
  name,
  method: 8,
  compressedSize: Math.ceil(uncompressedSize / 10),
  uncompressedSize,
  localHeaderOffset: 0,
});

const guardError = (entries: ZipEntry[]) => {
  try {
    checkDeclaredSizes(entries);
    return null;
  } catch (error) {
    if (!(error instanceof XlsxGuardError)) throw error;
    return error;
  }
};

describe('checkDeclaredSizes', () => {
  it('refuses shared strings declared over 20 MB, as a zip bomb, while a sheet of that size passes', () => {
    const limit = XLSX_LIMITS.maxSharedStringsBytes;
    expect(limit).toBe(20 * 1024 * 1024);
    expect(guardError([entry('xl/sharedStrings.xml', limit)])).toBeNull();
    expect(guardError([entry('xl/worksheets/sheet1.xml', limit + 1)])).toBeNull();
    const error = guardError([
      entry('xl/worksheets/sheet1.xml', 10),
      entry('xl/sharedStrings.xml', limit + 1),
    ]);
    expect(error?.reason).toBe('zip_bomb');
    expect(error?.message).toContain('shared strings');
  });
});
