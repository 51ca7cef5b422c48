import { apiResponse } from '../lib/api-client.ts';

export interface DownloadProgress {
  received: number;
  /** From content-length; null when the server streams without one. */
  total: number | null;
}

/**
 * The file name of a `content-disposition` header: RFC 5987 `filename*=UTF-8''...` first, then
 * `filename="..."`; path parts are dropped. Null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? null;
  }
  if (!name) return null;
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

/**
 * Downloads an API file while reporting progress (the body is read as a stream), then saves it under the
 * server's file name. Rejects with ApiError like every API call.
 */
export async function downloadWithProgress(
  path: string,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const response = await apiResponse(path, { signal });
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = new Blob(chunks, { type });
  const name = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
