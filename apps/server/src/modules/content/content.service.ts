import type { Readable } from 'node:stream';
import {
  type AdminContentListQuery,
  APPLICATION_PDF_MAX_BYTES,
  CONTENT_INPUTS,
  CONTENT_UPDATES,
  type ContentItem,
  type ContentKind,
  calendarDayOf,
  type DocumentItem,
  type Language,
  localized,
  megabytes,
  type PublicContentItem,
  type PublicContentListQuery,
  type PublicEligibilityThreshold,
  SLUG_PATTERN,
} from '@excelencia/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, type ErrorDetail, notFound, staleVersion } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { assertPdf } from '../../platform/files/pdf-upload.ts';
import type { FileOnDisk } from '../../platform/multipart-file.ts';
import {
  activeApplicationCriteria,
  deleteItem,
  documentsOfItems,
  editionExists,
  editionYears,
  imagesById,
  insertItem,
  itemIdWithSlug,
  itemOfKind,
  itemsOfKindForAdmin,
  type PublicOrderColumn,
  publicItemBySlugOrId,
  publicItemsPage,
  publicSlugsOfKind,
  touchItem,
  updateItemAtVersion,
  upsertItemDocument,
} from './content.repository.ts';
import {
  type ContentRow,
  type KindInput,
  presentItem,
  type ResolveContext,
  resolveItem,
  type SplitInput,
  slugFrom,
  splitInput,
} from './content-kinds.ts';

export const contentEntity = (kind: ContentKind) => `content/${kind}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const itemNotFound = () => notFound();
const slugTaken = () =>
  new AppError(409, 'slug_taken', 'errors:slugTaken', {
    details: [{ path: 'slug', message: 'errors:slugTaken' }],
  });
const pageExists = () =>
  new AppError(409, 'page_exists', 'errors:pageExists', {
    details: [{ path: 'key', message: 'errors:pageExists' }],
  });
const invalidCursor = () =>
  new AppError(400, 'invalid_cursor', 'errors:invalidCursor', {
    details: [{ path: 'cursor', message: 'errors:invalidCursor' }],
  });
const unknownReferences = (details: ErrorDetail[]) =>
  new AppError(400, 'validation', 'errors:validation', { details });

/** Where a document's PDF is downloaded and viewed. */
export function documentUrls(apiPrefix: string) {
  return (slugOrId: string) => ({
    downloadUrl: `${apiPrefix}/public/content/documents/${slugOrId}/download`,
    viewUrl: `${apiPrefix}/public/content/documents/${slugOrId}/view`,
  });
}

/** The order of a kind's lists, as [value, cast] pairs ending with the id, all in one direction. */
interface ListOrder {
  column: PublicOrderColumn;
  cast: 'timestamptz' | 'date' | 'int4' | 'text';
  descending: boolean;
  /** The key's value in a row, as the cursor carries it. */
  valueOf(row: ContentRow): string | number | null;
}

function publicOrder(kind: ContentKind, upcoming: boolean): ListOrder {
  switch (kind) {
    case 'news':
      return {
        column: 'publishedAt',
        cast: 'timestamptz',
        descending: true,
        valueOf: (row) => row.publishedAt?.toISOString() ?? null,
      };
    case 'events':
      return {
        column: 'eventDate',
        cast: 'date',
        descending: !upcoming,
        valueOf: (row) => row.eventDate,
      };
    case 'pages':
      return { column: 'slug', cast: 'text', descending: false, valueOf: (row) => row.slug };
    default:
      return {
        column: 'sortOrder',
        cast: 'int4',
        descending: false,
        valueOf: (row) => row.sortOrder,
      };
  }
}

function encodeCursor(value: string | number | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string | number, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1])
    ) {
      const [value, id] = parsed as [string | number, string];
      return [value, id];
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
  }
  throw invalidCursor();
}

/** What a cursor's value must look like for each key, so that the database never sees a value it cannot cast. */
const CURSOR_VALUE: Record<ListOrder['cast'], (value: string | number) => boolean> = {
  timestamptz: (value) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value,
  date: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
  int4: (value) => typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2_147_483_647,
  text: (value) => typeof value === 'string' && SLUG_PATTERN.test(value),
};

/** The (value, id) a cursor points after, checked against the order's key (400 when it does not fit). */
function afterCursor(
  order: ListOrder,
  cursor: string | undefined,
): { value: string | number; id: string } | undefined {
  if (!cursor) return undefined;
  const [value, id] = decodeCursor(cursor);
  if (!CURSOR_VALUE[order.cast](value)) throw invalidCursor();
  return { value, id };
}

/** The application criteria's thresholds in `language`, in their type's then their own order. */
async function eligibilityThresholds(
  db: Executor,
  language: Language,
): Promise<PublicEligibilityThreshold[]> {
  const rows = await activeApplicationCriteria(db);
  return rows.map((row) => ({
    code: row.code,
    description: localized(row.description as never, language),
    criterionType: localized(row.type as never, language),
    targetComparison: row.targetComparison,
    // numeric(20,6) reads '0.250000': the threshold as written ('0.25').
    targetValue: row.targetValue.includes('.') ? row.targetValue.replace(/\.?0+$/, '') : row.targetValue,
  }));
}

/**
 * The public site's content: admins write items of each kind (rich text cleaned, images checked, every write
 * audited); visitors read the published ones in their language, a page of keyset-ordered items at a time.
 */
export function createContentService(deps: { db: Database; fileStore: FileStore; apiPrefix: string }) {
  const { db, fileStore } = deps;
  const urls = documentUrls(deps.apiPrefix);

  async function rowOf(tx: Executor, kind: ContentKind, id: string): Promise<ContentRow> {
    if (!UUID.test(id)) throw itemNotFound();
    const row = await itemOfKind(tx, kind, id);
    if (!row) throw itemNotFound();
    return row;
  }

  async function present(tx: Executor, rows: ContentRow[]): Promise<ContentItem[]> {
    const images = await imagesById(
      tx,
      rows.flatMap((row) => row.imageIds),
    );
    const documents = await documentsOfItems(
      tx,
      rows.filter((row) => row.kind === 'documents').map((row) => row.id),
    );
    const now = new Date();
    return rows.map((row) => presentItem(row, images, now, documents.get(row.id) ?? null));
  }

  async function resolve(tx: Executor, rows: ContentRow[], language: Language): Promise<PublicContentItem[]> {
    const images = await imagesById(
      tx,
      rows.flatMap((row) => row.imageIds),
    );
    const documentRows = rows.filter((row) => row.kind === 'documents');
    const documents = await documentsOfItems(
      tx,
      documentRows.map((row) => row.id),
    );
    const editionIds = [...new Set(documentRows.flatMap((row) => (row.editionId ? [row.editionId] : [])))];
    const years = await editionYears(tx, editionIds);
    const needsThresholds = rows.some((row) => row.kind === 'pages' && row.slug === 'eligibility');
    const thresholds = needsThresholds ? await eligibilityThresholds(tx, language) : null;
    return rows.map((row) => {
      const context: ResolveContext = {
        images,
        document: documents.get(row.id) ?? null,
        editionYear: row.editionId ? (years.get(row.editionId) ?? null) : null,
        thresholds: row.kind === 'pages' && row.slug === 'eligibility' ? thresholds : null,
        documentUrls: urls,
      };
      return resolveItem(row, language, context);
    });
  }

  /** Parses the body with the kind's schema (the route declared a union-free body per kind). */
  function parse<K extends ContentKind>(kind: K, body: unknown, withVersion: boolean) {
    const schema = withVersion ? CONTENT_UPDATES[kind] : CONTENT_INPUTS[kind];
    return schema.parse(body) as KindInput[K] & { version?: number };
  }

  /** 400 when a rich text lost its required pt, or an image or edition it names does not exist. */
  async function checkReferences(tx: Executor, kind: ContentKind, split: SplitInput, input: unknown) {
    const details: ErrorDetail[] = split.emptyRequired.map((field) => ({
      path: field.path,
      message: 'validation:required',
    }));
    const images = await imagesById(tx, split.imageIds);
    const missing = split.imageIds.filter((id) => !images.has(id));
    if (missing.length > 0) {
      for (const path of imagePaths(kind, input, new Set(missing))) {
        details.push({ path, message: 'errors:parentNotFound' });
      }
    }
    if (split.editionId && !(await editionExists(tx, split.editionId))) {
      details.push({ path: 'editionId', message: 'errors:parentNotFound' });
    }
    if (details.length > 0) throw unknownReferences(details);
  }

  /** A free slug of the kind: the one asked for (409 when taken), or one made from the title with -2, -3... */
  async function freeSlug(tx: Executor, kind: ContentKind, split: SplitInput, exceptId: string | null) {
    const taken = async (slug: string) => {
      const id = await itemIdWithSlug(tx, kind, slug);
      return id !== undefined && id !== exceptId;
    };
    if (kind === 'pages') {
      if (await taken(split.slugSource)) throw pageExists();
      return split.slugSource;
    }
    if (split.slug) {
      if (await taken(split.slug)) throw slugTaken();
      return split.slug;
    }
    const base = slugFrom(kind, split.slugSource).slice(0, 110);
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(candidate))) return candidate;
    }
    throw slugTaken();
  }

  function publishedAtOf(status: string, publishedAt: string | null, now: Date): Date | null {
    if (publishedAt) return new Date(publishedAt);
    return status === 'published' ? now : null;
  }

  return {
    async list(kind: ContentKind, query: AdminContentListQuery): Promise<ContentItem[]> {
      const rows = await itemsOfKindForAdmin(db, kind, { status: query.status, search: query.q });
      return present(db, rows);
    },

    /** The slugs of a kind's items a visitor may read now, for the sitemap. */
    async publicSlugs(kind: ContentKind): Promise<Array<{ slug: string; updatedAt: Date }>> {
      return publicSlugsOfKind(db, kind, new Date());
    },

    async get(kind: ContentKind, id: string): Promise<ContentItem> {
      const row = await rowOf(db, kind, id);
      const [item] = await present(db, [row]);
      return item as ContentItem;
    },

    async create(actor: Actor, kind: ContentKind, body: unknown): Promise<ContentItem> {
      const input = parse(kind, body, false);
      const split = splitInput(kind, input);
      return db.transaction(async (tx) => {
        await checkReferences(tx, kind, split, input);
        const slug = await freeSlug(tx, kind, split, null);
        const now = new Date();
        const row = await insertItem(tx, {
          kind,
          slug,
          status: input.status,
          publishedAt: publishedAtOf(input.status, input.publishedAt, now),
          sortOrder: split.sortOrder,
          eventDate: split.eventDate,
          editionId: split.editionId,
          fields: split.fields,
          imageIds: [...new Set(split.imageIds)],
          searchText: split.searchText,
          createdBy: actor.accountId,
          updatedBy: actor.accountId,
          createdAt: now,
          updatedAt: now,
        });
        const [item] = await present(tx, [row]);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: contentEntity(kind),
          entityId: row.id,
          after: auditView(row),
          requestId: actor.requestId ?? null,
        });
        return item as ContentItem;
      });
    },

    async update(actor: Actor, kind: ContentKind, id: string, body: unknown): Promise<ContentItem> {
      const input = parse(kind, body, true);
      const split = splitInput(kind, input);
      return db.transaction(async (tx) => {
        const before = await rowOf(tx, kind, id);
        if (before.version !== input.version) throw staleVersion();
        await checkReferences(tx, kind, split, input);
        const slug = split.slug || kind === 'pages' ? await freeSlug(tx, kind, split, id) : before.slug;
        const now = new Date();
        const row = await updateItemAtVersion(tx, id, before.version, {
          slug,
          status: input.status,
          publishedAt: publishedAtOf(
            input.status,
            input.publishedAt ??
              (input.status === 'published' ? (before.publishedAt?.toISOString() ?? null) : null),
            now,
          ),
          sortOrder: split.sortOrder,
          eventDate: split.eventDate,
          editionId: split.editionId,
          fields: split.fields,
          imageIds: [...new Set(split.imageIds)],
          searchText: split.searchText,
          updatedBy: actor.accountId,
          updatedAt: now,
          version: before.version + 1,
        });
        if (!row) throw staleVersion();
        const [item] = await present(tx, [row]);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: contentEntity(kind),
          entityId: id,
          before: auditView(before),
          after: auditView(row),
          requestId: actor.requestId ?? null,
        });
        return item as ContentItem;
      });
    },

    async remove(actor: Actor, kind: ContentKind, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await rowOf(tx, kind, id);
        await deleteItem(tx, id);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'delete',
          entity: contentEntity(kind),
          entityId: id,
          before: auditView(before),
          requestId: actor.requestId ?? null,
        });
      });
    },

    /** The item as a visitor would read it in `language`, whatever its status (admins, before publishing). */
    async preview(kind: ContentKind, id: string, language: Language): Promise<PublicContentItem> {
      const row = await rowOf(db, kind, id);
      const [item] = await resolve(db, [row], language);
      return item as PublicContentItem;
    },

    async publicList(
      kind: ContentKind,
      query: PublicContentListQuery & { language: Language },
    ): Promise<{ items: PublicContentItem[]; nextCursor: string | null }> {
      const now = new Date();
      const upcoming = kind === 'events' && query.upcoming === 'true';
      const order = publicOrder(kind, upcoming);
      let fromDay: string | undefined;
      if (upcoming) {
        const { year, month, day } = calendarDayOf(now);
        fromDay = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      }
      const rows = await publicItemsPage(db, kind, {
        now,
        order,
        fromDay,
        search: query.q,
        category: kind === 'documents' ? query.category : undefined,
        after: afterCursor(order, query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > query.limit && last ? encodeCursor(order.valueOf(last), last.id) : null;
      return { items: await resolve(db, page, query.language), nextCursor };
    },

    async publicGet(kind: ContentKind, slugOrId: string, language: Language): Promise<PublicContentItem> {
      const row = await publicRow(kind, slugOrId);
      const [item] = await resolve(db, [row], language);
      return item as PublicContentItem;
    },

    /** A published document's PDF. */
    async publicDocumentFile(slugOrId: string) {
      const row = await publicRow('documents', slugOrId);
      return documentFile(row);
    },

    /** Any document's PDF (admin). */
    async documentFile(id: string) {
      return documentFile(await rowOf(db, 'documents', id));
    },

    /** Stores the PDF of a regulation or guide, replacing the one before. */
    async setDocumentFile(actor: Actor, id: string, file: FileOnDisk): Promise<DocumentItem> {
      assertPdf(file);
      return db.transaction(async (tx) => {
        const before = await rowOf(tx, 'documents', id);
        const stored = await fileStore.put(tx, {
          file,
          originalName: file.filename || 'document.pdf',
          mime: 'application/pdf',
          kind: 'content-document',
          ownerAccountId: actor.accountId,
        });
        const fileName = `${before.slug}.pdf`;
        const values = {
          fileId: stored.id,
          fileName,
          size: stored.size,
          uploadedBy: actor.accountId,
          uploadedAt: new Date(),
        };
        const previous = (await documentsOfItems(tx, [id])).get(id) ?? null;
        await upsertItemDocument(tx, id, values);
        const row = await touchItem(tx, id, before.version + 1, actor.accountId);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'uploadFile',
          entity: contentEntity('documents'),
          entityId: id,
          before: previous ? { fileId: previous.fileId, size: previous.size } : null,
          after: { fileId: stored.id, size: stored.size, originalName: file.filename },
          requestId: actor.requestId ?? null,
        });
        const [item] = await present(tx, [row as ContentRow]);
        return item as DocumentItem;
      });
    },
  };

  async function publicRow(kind: ContentKind, slugOrId: string): Promise<ContentRow> {
    const row = await publicItemBySlugOrId(db, kind, slugOrId, UUID.test(slugOrId), new Date());
    if (!row) throw itemNotFound();
    return row;
  }

  /** A document's PDF, streamed. */
  async function documentFile(row: ContentRow): Promise<{ stream: Readable; size: number; name: string }> {
    const document = (await documentsOfItems(db, [row.id])).get(row.id);
    if (!document) throw itemNotFound();
    const stored = await fileStore.open(db, document.fileId);
    if (!stored) throw itemNotFound();
    return { stream: stored.stream, size: stored.file.size, name: document.fileName };
  }
}

/** What the audit keeps of an item: its columns and texts (not the derived search text). */
function auditView(row: ContentRow) {
  return {
    slug: row.slug,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sortOrder: row.sortOrder,
    eventDate: row.eventDate,
    editionId: row.editionId,
    fields: row.fields,
    version: row.version,
  };
}

/** The body paths that name one of `missing` images, for the 400's details. */
function imagePaths(kind: ContentKind, input: unknown, missing: Set<string>): string[] {
  const paths: string[] = [];
  const value = input as Record<string, unknown>;
  const check = (path: string, image: unknown) => {
    const id = (image as { imageId?: string } | null)?.imageId;
    if (id && missing.has(id)) paths.push(path);
  };
  if (kind === 'news') check('coverImage.imageId', value.coverImage);
  if (kind === 'testimonies') check('photo.imageId', value.photo);
  if (kind === 'gallery') {
    (value.media as { kind: string; image?: unknown }[]).forEach((media, index) => {
      if (media.kind === 'picture') check(`media.${index}.image.imageId`, media.image);
    });
  }
  // An image only a rich text names: the rich field as a whole.
  if (paths.length === 0) paths.push(kind === 'faq' ? 'answer' : kind === 'events' ? 'description' : 'body');
  return paths;
}

export type ContentService = ReturnType<typeof createContentService>;

/** The PDF limit, for the route's description. */
export const DOCUMENT_MAX_MB = megabytes(APPLICATION_PDF_MAX_BYTES);
