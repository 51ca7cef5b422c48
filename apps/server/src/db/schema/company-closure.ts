import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';

/**
 * An owner's request to close the company's account (docs/adr/0028-company-teams.md): pending until the owner
 * withdraws it or an admin approves (the company's personal data and files are erased, the company row stays
 * with its name and NIF, closed) or refuses it with a reason. At most one pending per company.
 */
export const companyClosureRequests = pgTable(
  'company_closure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** Why the owner asks (may be empty). Kept after an approval: it names no one. */
    reason: text('reason').notNull().default(''),
    requestedBy: uuid('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who approved or refused, or the owner who withdrew. */
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's reason for a refusal. */
    decisionReason: text('decision_reason'),
  },
  (t) => [
    uniqueIndex('company_closure_requests_pending_idx').on(t.companyId).where(sql`${t.status} = 'pending'`),
    index('company_closure_requests_company_idx').on(t.companyId, t.requestedAt),
    index('company_closure_requests_status_idx').on(t.status, t.requestedAt),
  ],
);
