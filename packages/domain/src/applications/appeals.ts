import { z } from 'zod';
import { calendarDayOf, portalDateTimeToIso } from '../dates.ts';
import { FIELD_LENGTHS } from '../schemas/field-lengths.ts';
import { ApplicationFile } from './schemas.ts';

/**
 * Appeals of refused applications (docs/adr/0031-appeals.md): a company whose application was refused asks, within
 * the edition's appeal period, for the decision to be reviewed; one admin proposes an outcome and a second one
 * confirms it (the four eyes of applications). An upheld appeal issues the seal.
 */

export const APPEAL_STATUSES = ['pending', 'upheld', 'dismissed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'dismissed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const MIN_APPEAL_REASON = 10;
export const MAX_APPEAL_REASON = 4000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The appeal period of results published at `publishedAt`: it ends with the Cabo Verde calendar day `days` days
 * after the day of publication (`lastDay`, yyyy-mm-dd, accepted whole), and `closesAt` is the instant that day
 * ends (the next day's midnight in Cabo Verde). Published on 1 November with 10 days: the last day is 11 November.
 */
export function appealPeriod(publishedAt: Date | string, days: number): { lastDay: string; closesAt: Date } {
  const { year, month, day } = calendarDayOf(publishedAt);
  const last = new Date(Date.UTC(year, month - 1, day + days));
  const next = new Date(Date.UTC(year, month - 1, day + days + 1));
  const lastDay = `${pad(last.getUTCFullYear(), 4)}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
  const nextDay = `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
  return { lastDay, closesAt: new Date(portalDateTimeToIso(`${nextDay} 00:00`)) };
}

const Reason = z.string().trim().max(FIELD_LENGTHS.reason, 'validation:tooLong');
const Version = z.number().int().positive();

/** The company's appeal: why the refusal should be reviewed, in its words. */
export const AppealRequest = z.strictObject({
  reason: z
    .string('validation:required')
    .trim()
    .min(MIN_APPEAL_REASON, 'appeals:reasonTooShort')
    .max(MAX_APPEAL_REASON, 'validation:tooLong'),
});
export type AppealRequest = z.infer<typeof AppealRequest>;

/** The first admin's proposal: the outcome and why (mailed to the company once a second admin confirms it). */
export const AppealDecisionRequest = z.strictObject({
  outcome: z.enum(APPEAL_OUTCOMES, 'validation:selectOne'),
  reason: Reason.min(1, 'validation:required'),
  version: Version,
});
export type AppealDecisionRequest = z.infer<typeof AppealDecisionRequest>;

/** A second admin confirms the proposal, or sends it back (approve false) to be proposed again. */
export const AppealConfirmationRequest = z.strictObject({
  version: Version,
  approve: z.boolean().default(true),
  reason: Reason.optional(),
});
export type AppealConfirmationRequest = z.input<typeof AppealConfirmationRequest>;

/**
 * An appeal. The company sees its outcome (status, decisionReason, decidedAt) only once a second admin has
 * confirmed it; before that it is pending, and the proposal and who made it are the admins'.
 */
export const Appeal = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  editionId: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  reason: z.string(),
  status: z.enum(APPEAL_STATUSES),
  /** The outcome proposed and waiting for confirmation (admins only; null for the company). */
  proposedOutcome: z.enum(APPEAL_OUTCOMES).nullable(),
  decisionReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The documents uploaded with the appeal. */
  files: z.array(ApplicationFile),
  version: z.number().int(),
});
export type Appeal = z.infer<typeof Appeal>;

/** What the application's page needs: may it be appealed, until which day, and the appeal when there is one. */
export const ApplicationAppealState = z.object({
  applicationId: z.uuid(),
  /** The application was refused and its results are published. */
  appealable: z.boolean(),
  /** The last day of the appeal period (yyyy-mm-dd, Cabo Verde), null when not appealable. */
  lastDay: z.string().nullable(),
  /** An appeal may be made now (appealable, inside the period, none made yet). */
  open: z.boolean(),
  appeal: Appeal.nullable(),
});
export type ApplicationAppealState = z.infer<typeof ApplicationAppealState>;

/** The admin list of appeals: an edition's, and those of a status ('pending': waiting for a decision). */
export const AdminAppealQuery = z.object({
  editionId: z.uuid().optional(),
  status: z.enum(APPEAL_STATUSES).optional(),
});
export type AdminAppealQuery = z.infer<typeof AdminAppealQuery>;
