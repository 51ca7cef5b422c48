import type { ImageMime } from '@excelencia/domain';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(data: Buffer, offset: number, text: string): boolean {
  return (
    data.length >= offset + text.length && data.toString('latin1', offset, offset + text.length) === text
  );
}

/**
 * The image type read from the content's magic bytes, whatever the file name or declared type say;
 * null when the content is not a JPEG, PNG or WebP image.
 */
export function detectImage(data: Buffer): { mime: ImageMime } | null {
  // JPEG: SOI marker followed by the start of another marker.
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg' };
  // PNG: the 8-byte signature, then the IHDR chunk, which must come first.
  if (startsWith(data, PNG_SIGNATURE) && ascii(data, 12, 'IHDR')) return { mime: 'image/png' };
  // WebP: a RIFF container of form WEBP whose first chunk is VP8, VP8L or VP8X.
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) {
    const chunk = data.length >= 16 ? data.toString('latin1', 12, 16) : '';
    if (chunk === 'VP8 ' || chunk === 'VP8L' || chunk === 'VP8X') return { mime: 'image/webp' };
  }
  return null;
}
