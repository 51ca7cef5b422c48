/** File limits and types both sides check: the web before uploading, the server on receipt. */

/** Image types the portal accepts for pictures (checked by magic bytes on the server). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export function isImageMime(value: unknown): value is ImageMime {
  return typeof value === 'string' && (IMAGE_MIME_TYPES as readonly string[]).includes(value);
}

/** A profile picture is at most 2 MiB. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** One trial-balance upload is at most 10 MB; the server answers 413 above it and keeps nothing. */
export const BALANCE_SHEET_MAX_BYTES = 10 * 1024 * 1024;

/** A byte limit in whole megabytes (MiB), as the texts that name a limit show it ('{{max}} MB'). */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}
