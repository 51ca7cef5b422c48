import { MyProfile, TwoFactorStatus, type UpdateMyProfileRequest } from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

/** The calls of the caller's own profile; every answer is parsed with the shared schemas. */

export async function fetchMyProfile(signal?: AbortSignal): Promise<MyProfile> {
  return MyProfile.parse(await apiJson<unknown>(`${API_BASE}/me/profile`, { signal }));
}

/** Whether the caller's sign-in asks for a one-time code (read at the identity provider). */
export async function fetchTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return TwoFactorStatus.parse(await apiJson<unknown>(`${API_BASE}/me/two-factor`, { signal }));
}

export async function putMyProfile(body: UpdateMyProfileRequest): Promise<MyProfile> {
  return MyProfile.parse(await apiJson<unknown>(`${API_BASE}/me/profile`, { method: 'PUT', body }));
}

export async function deleteProfilePicture(): Promise<MyProfile> {
  return MyProfile.parse(await apiJson<unknown>(`${API_BASE}/me/profile-picture`, { method: 'DELETE' }));
}

/**
 * PUT me/profile-picture as multipart (field `file`) with upload progress (0..1); rejects with ApiError carrying
 * the server's message (400 wrong type, 413 too large).
 */
export async function uploadProfilePicture(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await uploadWithProgress({
    method: 'PUT',
    path: `${API_BASE}/me/profile-picture`,
    form,
    onProgress,
    networkErrorMessage: i18n.t('companies:profile.uploadFailed'),
  });
}
