import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { LocalizedText } from './reference.ts';

/**
 * The steps of an edition's funnel, in order. Each step counts the companies that also reached every step before
 * it: registered by the registration close → an annual sheet of the indicator year → a diagnosis on it → applied
 * (submitted) → every document uploaded → eligible → distinguished (a seal of the edition).
 */
export const FUNNEL_STEPS = [
  'registered',
  'withSheet',
  'diagnosed',
  'applied',
  'complete',
  'eligible',
  'distinguished',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** What the funnel is split by: the company's island or its CAE section. */
export const FUNNEL_GROUPINGS = ['island', 'caeSection'] as const;
export type FunnelGrouping = (typeof FUNNEL_GROUPINGS)[number];

const count = z.number().int().nonnegative();

/** One step: how many companies reached it, and their share of the previous step's (null for the first, or 0 before). */
export const FunnelStepCount = z.object({
  step: z.enum(FUNNEL_STEPS),
  count,
  conversion: z.number().min(0).max(1).nullable(),
});
export type FunnelStepCount = z.infer<typeof FunnelStepCount>;

/** The funnel of one group (an island or a CAE section; `label` null for companies without one). */
export const FunnelGroup = z.object({
  code: z.string().nullable(),
  label: LocalizedText.nullable(),
  steps: z.array(FunnelStepCount),
});
export type FunnelGroup = z.infer<typeof FunnelGroup>;

/** GET editions/{id}/funnel?by=: the edition's funnel overall and per group, and its mail figures (admin). */
export const EditionFunnel = z.object({
  edition: z.object({
    id: z.uuid(),
    number: z.number().int(),
    year: z.number().int(),
    indicatorYear: z.number().int(),
  }),
  by: z.enum(FUNNEL_GROUPINGS),
  steps: z.array(FunnelStepCount),
  groups: z.array(FunnelGroup),
  /**
   * The mail the portal sent while the edition ran (from its registration opening to the end of its appeal
   * period): delivered, given up on; and the members of its registered companies who opted out of reminders.
   */
  mail: z.object({ sent: count, failed: count, optedOut: count }),
});
export type EditionFunnel = z.infer<typeof EditionFunnel>;

export const EditionFunnelQuery = z.object({
  by: z.enum(FUNNEL_GROUPINGS).default('island'),
});
export type EditionFunnelQuery = z.infer<typeof EditionFunnelQuery>;

/** The event a sign-out is counted as among the page views. */
export const SIGN_OUT_EVENT = 'event:sign-out';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A day asked for: a real calendar day, in a year the report's default span (30 days) cannot carry out of yyyy. */
const queryDay = z.iso
  .date('validation:invalidDate')
  .refine((value) => value >= '2000-01-01' && value <= '2999-12-31', 'validation:invalidDate');

/** GET admin/visits?from=&to=: the days asked for (at most a year; the last 30 days by default). */
export const VisitsQuery = z
  .object({ from: queryDay.optional(), to: queryDay.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'validation:invalid',
    path: ['to'],
  });
export type VisitsQuery = z.infer<typeof VisitsQuery>;

/** Views of one page (or one event) on one day in one language: people's and bots' apart. */
export const VisitCount = z.object({
  day,
  page: z.string(),
  language: z.enum(LANGUAGES),
  views: count,
  bots: count,
});
export type VisitCount = z.infer<typeof VisitCount>;

/** The page views counted on the server between two days (UTC), per day, page and language. */
export const VisitsReport = z.object({
  from: day,
  to: day,
  rows: z.array(VisitCount),
});
export type VisitsReport = z.infer<typeof VisitsReport>;
