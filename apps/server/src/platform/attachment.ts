import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `attachment; filename="…"; filename*=UTF-8''…` for any name (quotes and non-ASCII made safe); `inline` asks the
 * browser to show the file (a PDF in a tab) rather than save it.
 */
export function attachment(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored file being read: its content as it arrives and its length in bytes (file-store.ts `open`). */
export interface FileStream {
  stream: Readable;
  size: number;
}

/**
 * Sends a stored file's stream with its Content-Length, so the client sees the download's progress and the
 * file is never held whole in memory.
 */
export function sendStream(reply: FastifyReply, file: FileStream) {
  reply.header('content-length', file.size);
  return reply.send(file.stream);
}

/**
 * Sends a PDF under `name`, shown in the browser (`inline`) or saved (`attachment`): bytes made here (a
 * certificate) or a stored file's stream.
 */
export function sendPdf(
  reply: FastifyReply,
  data: Buffer | FileStream,
  name: string,
  disposition: 'attachment' | 'inline',
) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', attachment(name, disposition));
  return Buffer.isBuffer(data) ? reply.send(data) : sendStream(reply, data);
}
