import type { ImageMime } from '@excelencia/domain';
import sharp from 'sharp';

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

/** The largest picture sharp decodes (40 megapixels): a small file that inflates to more is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded image decoded and written anew in its own format (JPEG, PNG or WebP), turned upright by its EXIF
 * orientation and fitted within `maxSide` px (never enlarged). Only the decoded pixels are written: metadata
 * (EXIF, GPS, comments) and any bytes after the image (HTML or a zip appended to a PNG) are gone, so what is
 * stored and served is a plain image whatever was uploaded. Null when sharp cannot decode the bytes.
 */
export async function reencodeImage(
  data: Buffer,
  mime: ImageMime,
  options: { maxSide: number },
): Promise<{ data: Buffer; mime: ImageMime; width: number; height: number } | null> {
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : mime === 'image/png'
          ? pipeline.png()
          : pipeline.webp({ quality: 85 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, mime, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
