import { z } from 'zod';

export const EmailParam = z.object({ email: z.email().max(254) });
export const AccountIdParam = z.object({ id: z.uuid() });

/** GET accounts/by-email/{email} (SPEC §7). */
export const AccountByEmailResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  profilePicture: z.string().nullable().describe('Address of the profile picture, or null when none'),
  userGroup: z.enum(['admin', 'company', 'partner']).nullable(),
});
export type AccountByEmailResponse = z.infer<typeof AccountByEmailResponse>;

/** GET company-details/by-email/{email} (SPEC §7). */
export const CompanyDetailsResponse = z.object({
  companyRegistration: z.object({ companyName: z.string() }),
});
export type CompanyDetailsResponse = z.infer<typeof CompanyDetailsResponse>;

/** GET me/companies. */
export const MyCompaniesResponse = z.array(
  z.object({ id: z.uuid(), companyName: z.string(), nif: z.string() }),
);
export type MyCompaniesResponse = z.infer<typeof MyCompaniesResponse>;
