import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download.ts';

describe('the file name of an export', () => {
  it('reads the server’s attachment name', () => {
    expect(filenameFromDisposition('attachment; filename="islands-2026-05-01.xlsx"')).toBe(
      'islands-2026-05-01.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename=cities.xlsx')).toBe('cities.xlsx');
  });

  it('prefers the RFC 5987 form and drops path parts', () => {
    expect(
      filenameFromDisposition(`attachment; filename="x.xlsx"; filename*=UTF-8''ilh%C3%A1s-2026.xlsx`),
    ).toBe('ilhás-2026.xlsx');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });

  it('has none without a header or a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
  });
});
