import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { editions } from './applications.ts';
import { companies } from './companies.ts';

/**
 * An edition's automations (modules/automations): the switch of each kind, and what the job decided for it. The
 * moment of each kind derives from the edition's dates; `outcome_for` keeps the moment the outcome was decided
 * for, so an outcome for a moment the edition's dates have since moved away from no longer counts. A kind without
 * a row is switched on and not yet decided.
 */
export const editionAutomations = pgTable(
  'edition_automations',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'sent': the job sent it (to everyone it reached then); 'skipped': the job came after its meaning had passed. */
    outcome: text('outcome', { enum: ['sent', 'skipped'] }),
    outcomeFor: timestamp('outcome_for', { withTimezone: true }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.kind] })],
);

/**
 * One reminder sent: one row per edition, kind, company and account, inserted in the transaction that puts the
 * mail in the outbox. Its unique key is what makes two workers never mail anyone twice.
 */
export const automationSends = pgTable(
  'automation_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automation_sends_once_idx').on(t.editionId, t.kind, t.companyId, t.accountId),
    index('automation_sends_account_idx').on(t.accountId),
    index('automation_sends_company_idx').on(t.companyId),
  ],
);

/** Accounts that opted out of reminders (the one-click link of a reminder, or the profile's switch). */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
