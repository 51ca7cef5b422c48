import { EMBLEM_SVG } from '@excelencia/domain';
import sharp from 'sharp';

/** The sizes a .ico carries: the tab's (16), the taskbar's and high-density tabs' (32), Windows' shortcuts (48). */
const FAVICON_SIZES = [16, 32, 48] as const;

/**
 * The emblem (the web's favicon.svg) as an ICO file: one PNG image a size, which every browser since IE 11
 * reads. For /favicon.ico, which browsers, feed readers and link previews ask for whatever the page names.
 */
export async function faviconIco(): Promise<Buffer> {
  const svg = Buffer.from(EMBLEM_SVG);
  const images = await Promise.all(
    FAVICON_SIZES.map((size) =>
      sharp(svg, { density: (72 * size) / 64 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  );
  // ICONDIR: reserved 0, type 1 (icon), the count; then one 16-byte ICONDIRENTRY an image, then the images.
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, index) => {
    const size = FAVICON_SIZES[index] ?? 0;
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry); // width (0 would mean 256)
    header.writeUInt8(size % 256, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits a pixel
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([header, ...images]);
}
