import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';
import { files } from './platform.ts';

/**
 * An owner's export of everything the portal keeps of the company (docs/adr/0028-company-teams.md): a job
 * ('company-data.export') builds one zip, stores it as a file and mails the owner a link (its token's sha256
 * here) that opens that zip for 7 days. At most one queued or running per company. An expired export keeps its
 * row (the list shows it) and lets go of its file, which the file sweep then removes.
 */
export const companyExports = pgTable(
  'company_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The language of the mail with the link (the owner's when asked). */
    language: text('language', { enum: ['pt', 'en', 'fr'] })
      .notNull()
      .default('pt'),
    state: text('state', { enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    /** 0–100, as the job goes through the company's records and files. */
    progress: integer('progress').notNull().default(0),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    sizeBytes: integer('size_bytes'),
    /** sha256 (hex) of the mailed link's token; null until the zip is ready. */
    tokenHash: text('token_hash'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('company_exports_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('company_exports_token_idx').on(t.tokenHash),
    /** One export at a time per company (POST answers 409 while one waits or runs). */
    uniqueIndex('company_exports_active_idx').on(t.companyId).where(sql`${t.state} in ('queued', 'running')`),
    index('company_exports_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'ready'`),
  ],
);
