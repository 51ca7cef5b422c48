/** File limits and types both sides check: the web before uploading, the server on receipt. */

/** Image types the portal accepts for pictures (checked by magic bytes on the server). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export function isImageMime(value: unknown): value is ImageMime {
  return typeof value === 'string' && (IMAGE_MIME_TYPES as readonly string[]).includes(value);
}

/** A profile picture is at most 2 MiB. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
