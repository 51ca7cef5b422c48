import { ErrorResponse } from '@excelencia/domain';
import { ApiError, forgetCsrfToken, getCsrfToken, reportUnauthorized } from '../lib/api-client.ts';
import { currentLanguage, i18n } from '../lib/i18n.ts';

/**
 * A multipart upload with progress (fetch reports no upload progress, XMLHttpRequest does). It sends the same
 * headers as apiJson (accept, x-language, x-csrf-token), retries once with a fresh token when the server
 * refuses the CSRF token, signs the user out on 401 like every other call, and rejects with ApiError
 * carrying the server's translated message.
 */
export interface UploadRequest {
  method: 'POST' | 'PUT';
  /** Full path under the same origin (API_BASE included). */
  path: string;
  /** Fields first, the file part last (the server streams the file after reading the fields). */
  form: FormData;
  /** 0..1 while sending; 1 once the server accepted it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The message of a network failure (no answer at all); defaults to common:anErrorOccurred. */
  networkErrorMessage?: string;
}

interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

function send(request: UploadRequest, csrf: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-language', currentLanguage());
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          code: 'network',
          key: 'errors:internal',
          message: request.networkErrorMessage ?? i18n.t('common:anErrorOccurred'),
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (request.signal) {
      if (request.signal.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(request.form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): the status line speaks instead.
    return null;
  }
}

function toApiError(answer: RawAnswer, body: unknown): ApiError {
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) return new ApiError(answer.status, parsed.data.error);
  return new ApiError(answer.status, {
    code: `http_${answer.status}`,
    key: 'errors:internal',
    message: answer.statusText || `HTTP ${answer.status}`,
  });
}

/** Sends the form; resolves with the answer's JSON body (undefined for an empty one, e.g. 204). */
export async function uploadWithProgress(request: UploadRequest): Promise<unknown> {
  let answer = await send(request, await getCsrfToken());
  let body = parseJson(answer.text);
  if (answer.status === 403 && toApiError(answer, body).code === 'csrf') {
    forgetCsrfToken();
    request.onProgress?.(0);
    answer = await send(request, await getCsrfToken());
    body = parseJson(answer.text);
  }
  if (answer.status >= 200 && answer.status < 300) {
    request.onProgress?.(1);
    return body;
  }
  const error = toApiError(answer, body);
  if (answer.status === 401) reportUnauthorized();
  throw error;
}
