import type { FastifyReply } from 'fastify';

/**
 * `attachment; filename="…"; filename*=UTF-8''…` for any name (quotes and non-ASCII made safe); `inline` asks the
 * browser to show the file (a PDF in a tab) rather than save it.
 */
export function attachment(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends PDF bytes under `name`, shown in the browser (`inline`) or saved (`attachment`). */
export function sendPdf(
  reply: FastifyReply,
  data: Buffer,
  name: string,
  disposition: 'attachment' | 'inline',
) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', attachment(name, disposition));
  return reply.send(data);
}
