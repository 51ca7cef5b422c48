import { ErrorResponse } from '@excelencia/domain';
import { API_BASE, ApiError, getCsrfToken } from '../../app/api-client.ts';
import { currentLanguage, i18n } from '../../app/i18n.ts';

/**
 * PUT me/profile-picture as multipart (field `file`) with upload progress (0..1); rejects with ApiError carrying
 * the server's message (400 wrong type, 413 too large).
 */
export async function uploadProfilePicture(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const csrf = await getCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${API_BASE}/me/profile-picture`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-language', currentLanguage());
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      const parsed = ErrorResponse.safeParse(body);
      reject(
        new ApiError(
          xhr.status,
          parsed.success
            ? parsed.data.error
            : {
                code: `http_${xhr.status}`,
                key: 'errors:internal',
                message: xhr.statusText || `HTTP ${xhr.status}`,
              },
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          code: 'network',
          key: 'errors:internal',
          message: i18n.t('companies:profile.uploadFailed'),
        }),
      );
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
