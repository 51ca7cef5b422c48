import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { editions } from './applications.ts';
import { files } from './platform.ts';

/**
 * The public site's content, written in the content manager: one row per news item, FAQ entry, testimony, gallery
 * album, event, page or document. `fields` holds the kind's texts, each a trilingual `{pt, en, fr}` as the domain's
 * `CONTENT_INPUTS[kind]` parsed and the server cleaned it; the columns beside it are what lists filter and sort on.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: ['news', 'faq', 'testimonies', 'gallery', 'events', 'pages', 'documents'],
    }).notNull(),
    /** The address of the item, unique within its kind (a page's key for pages). */
    slug: text('slug').notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    /** From when a published or scheduled item is public. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An event's day. */
    eventDate: date('event_date', { mode: 'string' }),
    /** A document's edition. */
    editionId: uuid('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    fields: jsonb('fields').notNull(),
    /** The content images the item shows (cover, photo, album pictures, images in rich text). */
    imageIds: uuid('image_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Every language's texts, lower case without accents or markup: what the FAQ search matches. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_kind_slug_idx').on(t.kind, t.slug),
    index('content_items_public_idx').on(t.kind, t.status, t.publishedAt),
    index('content_items_event_date_idx').on(t.kind, t.eventDate),
  ],
);

/**
 * An uploaded content image: re-encoded to WebP at each width of CONTENT_IMAGE_WIDTHS (never wider than the
 * original), metadata stripped. `variants` lists `{width, height, fileId}` from narrowest to widest.
 */
export const contentImages = pgTable('content_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: jsonb('variants').notNull(),
  originalName: text('original_name').notNull(),
  createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The PDF of a regulation or guide (a `documents` content item); a new upload replaces it. */
export const contentDocuments = pgTable(
  'content_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => accounts.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_documents_item_idx').on(t.contentItemId)],
);
