import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { COMPANY_ROLES } from '../teams/roles.ts';
import { EmailAddress } from './email.ts';

export const EmailParam = z.object({ email: EmailAddress });
export const AccountIdParam = z.object({ id: z.uuid() });

/** GET accounts/by-email/{email}, a path of the API contract (docs/architecture.md, 2.3): kept as it is. */
export const AccountByEmailResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  profilePicture: z.string().nullable().describe('Address of the profile picture, or null when none'),
  userGroup: z.enum(['admin', 'company', 'partner']).nullable(),
});
export type AccountByEmailResponse = z.infer<typeof AccountByEmailResponse>;

/** GET company-details/by-email/{email}, a path of the API contract (docs/architecture.md, 2.3): kept as it is. */
export const CompanyDetailsResponse = z.object({
  companyRegistration: z.object({ companyName: z.string() }),
});
export type CompanyDetailsResponse = z.infer<typeof CompanyDetailsResponse>;

/** GET me/companies. */
export const MyCompaniesResponse = z.array(
  z.object({ id: z.uuid(), companyName: z.string(), nif: z.string(), role: z.enum(COMPANY_ROLES) }),
);
export type MyCompaniesResponse = z.infer<typeof MyCompaniesResponse>;

/** GET me: the signed-in caller. */
export const MeResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  language: z.enum(LANGUAGES),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** PUT me/language: the language the account's messages and e-mails use. */
export const UpdateLanguageRequest = z.object({ language: z.enum(LANGUAGES) });
export type UpdateLanguageRequest = z.infer<typeof UpdateLanguageRequest>;

/** GET accounts/{id} (admin): one account as the portal keeps it. */
export const AccountResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  language: z.enum(LANGUAGES),
  isActive: z.boolean(),
  createdAt: z.string().describe('ISO date-time'),
});
export type AccountResponse = z.infer<typeof AccountResponse>;
