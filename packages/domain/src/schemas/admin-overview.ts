import { z } from 'zod';

/** One month of the admin dashboard's activity chart: 'YYYY-MM' and what happened in it. */
export const OverviewMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  companies: z.number().int().nonnegative(),
  balanceSheets: z.number().int().nonnegative(),
  diagnoses: z.number().int().nonnegative(),
});
export type OverviewMonth = z.infer<typeof OverviewMonth>;

/** The admin dashboard: what needs attention and how much the portal is used (GET admin/overview). */
export const AdminOverview = z.object({
  companies: z.number().int().nonnegative(),
  listedCompanies: z.number().int().nonnegative(),
  /** Registrations whose confirmation link was neither followed nor expired. */
  pendingRegistrations: z.number().int().nonnegative(),
  /** Pre-registrations not accepted yet: still valid, and with an expired link (to resend). */
  invitations: z.object({
    pending: z.number().int().nonnegative(),
    expired: z.number().int().nonnegative(),
  }),
  balanceSheets: z.number().int().nonnegative(),
  diagnoses: z.number().int().nonnegative(),
  /** The last 12 months, oldest first, the current one last (UTC). */
  months: z.array(OverviewMonth),
});
export type AdminOverview = z.infer<typeof AdminOverview>;
