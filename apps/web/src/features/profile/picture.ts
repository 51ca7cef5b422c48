import { IMAGE_MIME_TYPES, PROFILE_PICTURE_MAX_BYTES } from '@excelencia/domain';

export type PictureProblem = 'type' | 'size' | null;

/** Checks a chosen picture before it is sent (the server checks the content again): JPEG/PNG/WebP, size limit. */
export function pictureProblem(file: { type: string; size: number }): PictureProblem {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'size';
  return null;
}

/** The change-password address of the portal (the identity provider's page), coming back to `returnPath`. */
export function changePasswordHref(returnPath: string): string {
  return `/auth/change-password?${new URLSearchParams({ callbackUrl: returnPath }).toString()}`;
}

/** The portal's address that turns two-factor sign-in on (the identity provider's enrolment), back to `returnPath`. */
export function enableTwoFactorHref(returnPath: string): string {
  return `/auth/two-factor?${new URLSearchParams({ callbackUrl: returnPath }).toString()}`;
}

/** The portal's address that turns it off (confirmed with a code at the identity provider), back to `returnPath`. */
export function disableTwoFactorHref(returnPath: string, credentialId: string): string {
  return `/auth/two-factor/remove?${new URLSearchParams({ callbackUrl: returnPath, credentialId }).toString()}`;
}
