import type { Readable } from 'node:stream';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_WIDTHS, type ContentImageUpload } from '@excelencia/domain';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { detectImage, MAX_INPUT_PIXELS } from '../../platform/files/image.ts';
import { imageTooLarge, notAnImage } from '../../platform/files/image-upload.ts';
import { type ContentImageRow, imagesById, insertImage } from './content.repository.ts';
import { contentImagePath } from './sanitize.ts';

export const CONTENT_IMAGE_ENTITY = 'content/images';

const WEBP_QUALITY = 80;

export interface ImageVariant {
  width: number;
  height: number;
  fileId: string;
}

export type { ContentImageRow };

/** Over CONTENT_IMAGE_MAX_BYTES. */
export const contentImageTooLarge = () => imageTooLarge(CONTENT_IMAGE_MAX_BYTES);

/** The widths an image of `width` px is encoded to: the standard widths below it, and its own when narrower. */
export function variantWidths(width: number): number[] {
  const below = CONTENT_IMAGE_WIDTHS.filter((w) => w < width);
  const largest = CONTENT_IMAGE_WIDTHS[CONTENT_IMAGE_WIDTHS.length - 1] as number;
  return [...below, Math.min(width, largest)];
}

/** The answer shape of an image (its widths as URLs), from its row. */
export function presentImage(row: ContentImageRow): ContentImageUpload {
  const variants = row.variants as ImageVariant[];
  const srcset = variants.map((v) => ({ width: v.width, url: contentImagePath(row.id, v.width) }));
  const largest = variants[variants.length - 1];
  return {
    id: row.id,
    width: largest?.width ?? row.width,
    height: largest?.height ?? row.height,
    url: contentImagePath(row.id, largest?.width ?? row.width),
    srcset,
  };
}

/**
 * Images of the public site: an upload is checked by its magic bytes, decoded by sharp (turned upright by its EXIF
 * orientation), and re-encoded to WebP at each width of CONTENT_IMAGE_WIDTHS below its own (never upscaled).
 * Only the re-encoded pixels are kept: metadata (EXIF, GPS, ICC comments) and any bytes after the image (HTML
 * appended to a PNG) are gone.
 */
export function createContentImagesService(deps: { db: Database; fileStore: FileStore }) {
  const { db, fileStore } = deps;

  return {
    async upload(actor: Actor, file: { data: Buffer; filename: string }): Promise<ContentImageUpload> {
      if (file.data.length > CONTENT_IMAGE_MAX_BYTES) throw contentImageTooLarge();
      if (!detectImage(file.data)) throw notAnImage();
      let upright: { data: Buffer; width: number; height: number };
      try {
        const { data, info } = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .toBuffer({ resolveWithObject: true });
        upright = { data, width: info.width, height: info.height };
      } catch {
        throw notAnImage();
      }
      const encoded: { width: number; height: number; data: Buffer }[] = [];
      for (const width of variantWidths(upright.width)) {
        const { data, info } = await sharp(upright.data)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        encoded.push({ width: info.width, height: info.height, data });
      }
      const largest = encoded[encoded.length - 1] as { width: number; height: number };
      const baseName = (file.filename || 'image').replace(/\.[^.]*$/, '');
      return db.transaction(async (tx) => {
        const variants: ImageVariant[] = [];
        for (const variant of encoded) {
          const stored = await fileStore.put(tx, {
            data: variant.data,
            originalName: `${baseName}-${variant.width}.webp`,
            mime: 'image/webp',
            kind: 'content-image',
            ownerAccountId: actor.accountId,
          });
          variants.push({ width: variant.width, height: variant.height, fileId: stored.id });
        }
        const row = await insertImage(tx, {
          width: largest.width,
          height: largest.height,
          variants,
          originalName: file.filename || 'image',
          createdBy: actor.accountId,
        });
        const image = presentImage(row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'upload',
          entity: CONTENT_IMAGE_ENTITY,
          entityId: row.id,
          after: { originalName: row.originalName, width: image.width, height: image.height },
          requestId: actor.requestId ?? null,
        });
        return image;
      });
    },

    /** The WebP of one width of an image, streamed; 404 for an unknown image or width. */
    async read(id: string, width: number): Promise<{ stream: Readable; size: number }> {
      const row = (await imagesById(db, [id])).get(id);
      const variant = (row?.variants as ImageVariant[] | undefined)?.find((v) => v.width === width);
      if (!variant) throw notFound();
      const stored = await fileStore.open(db, variant.fileId);
      if (!stored) throw notFound();
      return { stream: stored.stream, size: stored.file.size };
    },
  };
}

export type ContentImagesService = ReturnType<typeof createContentImagesService>;
