import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './platform.ts';

/** Accented letters of pt/fr names and their plain forms, upper and lower case (same length, same order). */
export const ACCENTED = 'ÁÀÂÃÄÅÇÉÈÊËÍÌÎÏÑÓÒÔÕÖÚÙÛÜÝáàâãäåçéèêëíìîïñóòôõöúùûüýÿ';
export const PLAIN = 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyy';

/** People who sign in. `subject` is the identity provider's `sub`; email is kept lower-case. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull().default(1),
    subject: text('subject'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language', { enum: ['pt', 'en', 'fr'] })
      .notNull()
      .default('pt'),
    isActive: boolean('is_active').notNull().default(true),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    profilePictureFileId: uuid('profile_picture_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Name and e-mail, lower-cased without accents, for the admin's user search. Computed by the database, so
     * every writer (sign-in, seed, the users module) keeps it right.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(`lower(translate(name || ' ' || email, '${ACCENTED}', '${PLAIN}'))`)),
  },
  (t) => [
    uniqueIndex('accounts_email_idx').on(t.email),
    uniqueIndex('accounts_subject_idx').on(t.subject),
    index('accounts_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Server-side sessions of the browser sign-in. The cookie holds a random token; `id` is its sha256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    csrfToken: text('csrf_token').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);
