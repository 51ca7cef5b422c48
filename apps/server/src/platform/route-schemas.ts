import { z } from 'zod';

/** Path and query shapes many routes share. */
export const IdParams = z.object({ id: z.uuid() });
export const CompanyParams = z.object({ companyId: z.uuid() });
/** One item of a company: `/companies/:companyId/<items>/:id`. */
export const CompanyItemParams = CompanyParams.extend({ id: z.uuid() });
/** `?lang=` of an export or a document: the language it is written in (anything else falls back to the caller's). */
export const LangQuery = z.object({ lang: z.string().max(10).optional() });
