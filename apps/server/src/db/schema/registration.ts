import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';

/**
 * Tokens of the registration and invitation links: 32 random bytes (base64url) in the link, their sha256 (hex)
 * here, so a copy of the database cannot be used to confirm anything.
 */

/** A company registration waiting for its e-mail confirmation (the IdP account exists, disabled). */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    nif: text('nif').notNull(),
    companyName: text('company_name').notNull(),
    /** The registration form without the passwords. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idpUserId: text('idp_user_id').notNull(),
    language: text('language', { enum: ['pt', 'en', 'fr'] })
      .notNull()
      .default('pt'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pending_registrations_token_idx').on(t.tokenHash),
    /** One unconfirmed registration per e-mail (an expired one is removed by the next attempt). */
    uniqueIndex('pending_registrations_email_idx').on(t.email).where(sql`${t.usedAt} is null`),
    /**
     * Not unique: an unconfirmed registration does not hold its NIF. Several may claim one until the first is
     * confirmed; an administrator settles the conflict (docs/adr/0020-nif-claims.md).
     */
    index('pending_registrations_nif_idx').on(t.nif).where(sql`${t.usedAt} is null`),
  ],
);

/**
 * An invitation to act for a company: an administrator's pre-registration (its owner sets a password), or an
 * owner inviting a member of the team (who sets a password, or accepts while signed in with an account).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language', { enum: ['pt', 'en', 'fr'] })
      .notNull()
      .default('pt'),
    /** The role the invited person takes in the company: an administrator's pre-registration invites its owner. */
    role: text('role', { enum: ['owner', 'accountant', 'viewer'] })
      .notNull()
      .default('owner'),
    /**
     * 'owner': an administrator's (or a partner's) pre-registration, listed on the pre-registrations screen, one
     * waiting per address; 'team': an owner inviting someone into its company's team (docs/adr/0028).
     */
    kind: text('kind', { enum: ['owner', 'team'] })
      .notNull()
      .default('owner'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId),
    index('company_invitations_email_idx').on(t.email),
    index('company_invitations_created_idx').on(t.createdAt),
  ],
);

/**
 * The registration mails (confirmation links, a repeated registration, "someone tried with your address") an
 * e-mail address received in its current window: at most REGISTRATION_MAILS_PER_ADDRESS, whoever asks
 * (platform/request-window.ts, as the newsletter counts its subscriptions). A row whose window is over means
 * nothing and is removed by the next count.
 */
export const registrationMailWindows = pgTable(
  'registration_mail_windows',
  {
    email: text('email').primaryKey(),
    requestCount: integer('request_count').notNull().default(0),
    requestWindowStartedAt: timestamp('request_window_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('registration_mail_windows_started_idx').on(t.requestWindowStartedAt)],
);
