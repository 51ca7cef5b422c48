import { PROFILE_PICTURE_MAX_BYTES } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { detectImage } from './image.ts';

// A complete 1×1 PNG (chunk CRCs checked), and the first 32 bytes of a real 16×16 JPEG (JFIF) and WebP
// (VP8X) written by image encoders: detection reads only the first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgM=', 'base64');
const WEBP = Buffer.from('UklGRqgBAABXRUJQVlA4WAoAAAAQAAAADwAADwAAQUw=', 'base64');

describe('detectImage', () => {
  it('recognises PNG, JPEG and WebP by their content', () => {
    expect(detectImage(PNG)).toEqual({ mime: 'image/png' });
    expect(detectImage(JPEG)).toEqual({ mime: 'image/jpeg' });
    expect(detectImage(WEBP)).toEqual({ mime: 'image/webp' });
  });

  it('refuses a text file named .png, an empty file, a PDF and a cut-off header', () => {
    expect(detectImage(Buffer.from('Isto não é uma imagem.\n', 'utf8'))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
    expect(detectImage(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectImage(PNG.subarray(0, 8))).toBeNull();
    expect(detectImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });

  it('shares the profile picture limit with the web: 2 MiB', () => {
    expect(PROFILE_PICTURE_MAX_BYTES).toBe(2_097_152);
  });
});
