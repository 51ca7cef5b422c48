import {
  AdminContentListQuery,
  adminContentListOf,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_INPUTS,
  CONTENT_ITEMS,
  CONTENT_KINDS,
  CONTENT_UPDATES,
  ContentImageUpload,
  type ContentKind,
  ContentPreviewQuery,
  ErrorResponse,
  megabytes,
  PUBLIC_CONTENT_ITEMS,
  PublicContentItemQuery,
  PublicContentListQuery,
  publicContentPageOf,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN, PUBLIC, PUBLIC_ANSWER } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { sendPdf, sendStream } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { noImageFile } from '../../platform/files/image-upload.ts';
import { noPdf } from '../../platform/files/pdf-upload.ts';
import { PDF_UPLOAD_LIMITS, receiveFile, withRequiredFileOnDisk } from '../../platform/multipart-file.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { IdParams } from '../../platform/route-schemas.ts';
import { type ContentService, DOCUMENT_MAX_MB } from './content.service.ts';
import { type ContentImagesService, contentImageTooLarge } from './content-images.service.ts';

const SlugOrIdParams = z.object({ slugOrId: z.string().min(1).max(120) });
const ImageParams = z.object({
  id: z.uuid(),
  file: z.string().regex(/^\d{1,5}\.webp$/),
});

const KIND_NAMES: Record<ContentKind, string> = {
  news: 'news item',
  faq: 'FAQ entry',
  testimonies: 'testimony',
  gallery: 'gallery album',
  events: 'event',
  pages: 'page',
  documents: 'regulation or guide',
};

/**
 * The content manager (admin) and the public site's reads (published items only): per kind `POST content/{kind}`,
 * `GET content/{kind}`, `GET/PUT/DELETE content/{kind}/{id}`, `GET content/{kind}/{id}/preview`,
 * `GET public/content/{kind}` and `GET public/content/{kind}/{slugOrId}`; images and the documents' PDFs beside.
 */
export function contentRoutes(deps: {
  content: ContentService;
  images: ContentImagesService;
  /** Where uploaded PDFs are streamed while they are checked and stored (removed after each request). */
  uploadsDir: string;
}) {
  const { content, images, uploadsDir } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    // Images and PDFs alike: one file of at most 10 MB and a few fields.
    await app.register(fastifyMultipart, {
      limits: {
        ...PDF_UPLOAD_LIMITS,
        fileSize: Math.max(PDF_UPLOAD_LIMITS.fileSize, CONTENT_IMAGE_MAX_BYTES),
      },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['content'];

    r.post(
      '/content/images',
      {
        schema: {
          tags,
          summary:
            'Uploads an image (multipart, file `file`: JPEG, PNG or WebP by content, at most ' +
            `${megabytes(CONTENT_IMAGE_MAX_BYTES)} MB), re-encoded to WebP at 320, 640 and 1280 px wide ` +
            '(never upscaled), metadata stripped (admin)',
          consumes: ['multipart/form-data'],
          response: { 201: ContentImageUpload, 413: ErrorResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const { data, filename } = await receiveFile(request, noImageFile, contentImageTooLarge);
        return reply.code(201).send(await images.upload(actorOf(request), { data, filename }));
      },
    );

    r.get(
      '/public/content/images/:id/:file',
      {
        schema: {
          tags,
          summary:
            'One width of a content image (`{width}.webp`), cached for a year (its address never changes)',
          params: ImageParams,
          response: { 200: z.any(), 404: ErrorResponse },
        },
        config: PUBLIC,
      },
      async (request, reply) => {
        const width = Number.parseInt(request.params.file, 10);
        const image = await images.read(request.params.id, width);
        reply.header('content-type', 'image/webp');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return sendStream(reply, image);
      },
    );

    for (const kind of CONTENT_KINDS) {
      const Item = CONTENT_ITEMS[kind];
      const PublicItem = PUBLIC_CONTENT_ITEMS[kind];
      const name = KIND_NAMES[kind];
      const base = `/content/${kind}`;

      r.get(
        base,
        {
          schema: {
            tags,
            summary: `Every ${name}, drafts and scheduled ones included; q searches every language (admin)`,
            querystring: AdminContentListQuery,
            response: { 200: adminContentListOf(Item), ...errorResponses },
          },
          config: ADMIN,
        },
        async (request) => ({ items: await content.list(kind, request.query) }),
      );

      r.post(
        base,
        {
          schema: {
            tags,
            summary: `Creates a ${name}: texts in pt, en and fr (pt required), rich text cleaned (admin)`,
            body: CONTENT_INPUTS[kind],
            response: { 201: Item, ...errorResponses },
          },
          config: ADMIN,
        },
        async (request, reply) =>
          reply.code(201).send(await content.create(actorOf(request), kind, request.body)),
      );

      r.get(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary: `One ${name} with every language and its status (admin)`,
            params: IdParams,
            response: { 200: Item, ...errorResponses },
          },
          config: ADMIN,
        },
        async (request) => content.get(kind, request.params.id),
      );

      r.put(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary: `Changes a ${name}; \`version\` is the one read (409 stale_version otherwise) (admin)`,
            params: IdParams,
            body: CONTENT_UPDATES[kind],
            response: { 200: Item, ...errorResponses },
          },
          config: ADMIN,
        },
        async (request) => content.update(actorOf(request), kind, request.params.id, request.body),
      );

      r.delete(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary: `Deletes a ${name} (admin)`,
            params: IdParams,
            response: { 204: z.null(), ...errorResponses },
          },
          config: ADMIN,
        },
        async (request, reply) => {
          await content.remove(actorOf(request), kind, request.params.id);
          return reply.code(204).send(null);
        },
      );

      r.get(
        `${base}/:id/preview`,
        {
          schema: {
            tags,
            summary: `A ${name} as a visitor would read it in \`language\`, whatever its status (admin)`,
            params: IdParams,
            querystring: ContentPreviewQuery,
            response: { 200: PublicItem, ...errorResponses },
          },
          config: ADMIN,
        },
        async (request) => content.preview(kind, request.params.id, request.query.language),
      );

      r.get(
        `/public${base}`,
        {
          schema: {
            tags,
            summary:
              `Published ${name} items in \`language\` (pt where one is missing, marked in fallbackLanguages), ` +
              "`limit` at a time from `cursor` (the previous page's nextCursor)" +
              (kind === 'faq' ? '; `q` searches questions and answers' : '') +
              (kind === 'events' ? '; `upcoming=true` from today on, soonest first' : '') +
              (kind === 'documents' ? '; `category` regulation or guide' : ''),
            querystring: PublicContentListQuery,
            response: { 200: publicContentPageOf(PublicItem), 400: ErrorResponse },
          },
          config: PUBLIC_ANSWER,
        },
        async (request) =>
          content.publicList(kind, {
            ...request.query,
            language: request.query.language ?? requestLanguage(request),
          }),
      );

      r.get(
        `/public${base}/:slugOrId`,
        {
          schema: {
            tags,
            summary: `One published ${name} by its slug or id, in \`language\``,
            params: SlugOrIdParams,
            querystring: PublicContentItemQuery,
            response: { 200: PublicItem, 404: ErrorResponse, 400: ErrorResponse },
          },
          config: PUBLIC_ANSWER,
        },
        async (request) =>
          content.publicGet(
            kind,
            request.params.slugOrId,
            request.query.language ?? requestLanguage(request),
          ),
      );
    }

    r.put(
      '/content/documents/:id/file',
      {
        schema: {
          tags,
          summary: `Uploads the PDF of a regulation or guide (multipart, file \`file\`, at most ${DOCUMENT_MAX_MB} MB); replaces the one before (admin)`,
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 200: CONTENT_ITEMS.documents, 413: ErrorResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) =>
        withRequiredFileOnDisk(
          request,
          { missing: noPdf, name: 'document.pdf', root: uploadsDir },
          async ({ file }) => content.setDocumentFile(actorOf(request), request.params.id, file),
        ),
    );

    r.get(
      '/content/documents/:id/file',
      {
        schema: {
          tags,
          summary: "A regulation or guide's PDF, published or not (admin)",
          params: IdParams,
          response: { 200: z.any(), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const file = await content.documentFile(request.params.id);
        return sendPdf(reply, file, file.name, 'inline');
      },
    );

    for (const [action, disposition] of [
      ['download', 'attachment'],
      ['view', 'inline'],
    ] as const) {
      r.get(
        `/public/content/documents/:slugOrId/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'download'
                ? "A published regulation or guide's PDF, to save"
                : "A published regulation or guide's PDF, shown in the browser",
            params: SlugOrIdParams,
            response: { 200: z.any(), 404: ErrorResponse },
          },
          config: PUBLIC,
        },
        async (request, reply) => {
          const file = await content.publicDocumentFile(request.params.slugOrId);
          return sendPdf(reply, file, file.name, disposition);
        },
      );
    }
  };
}
