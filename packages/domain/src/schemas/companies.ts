import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailAddress } from './email.ts';
import { FIELD_LENGTHS, TURNOVER_FRACTION_DIGITS, TURNOVER_INTEGER_DIGITS } from './field-lengths.ts';
import { ListQuery, SORT_ORDERS } from './reference.ts';
import { Phone, RegisterCompanyRequest } from './registration.ts';

/**
 * Companies: the company profile (the company's own fields plus the registration fields), the admin
 * list, the public directory and the user's own profile. Messages are catalog keys.
 */

export const CompanyIdParam = z.object({ id: z.uuid() });

/** The registration form's own rules, reused so the profile cannot drift from them. */
const registered = RegisterCompanyRequest.shape;

/** Optional free text: trimmed; empty or absent becomes null. */
const optionalText = (max: number = FIELD_LENGTHS.name) =>
  z
    .string()
    .trim()
    .max(max, 'validation:tooLong')
    .nullish()
    .transform((value) => (value ? value : null));

/** Today in UTC as yyyy-mm-dd (a date entered by the user is a calendar date without time zone). */
const today = () => new Date().toISOString().slice(0, 10);

/** The establishment date: an ISO calendar date, not in the future; empty means unknown. */
export const EstablishmentDate = z
  .string('validation:invalidDate')
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z.iso
      .date('validation:invalidDate')
      .refine((value) => value <= today(), 'companies:validation.futureDate')
      .nullable(),
  );

/** Approximate annual turnover: 0 or more, at most 2 decimals, a dot as separator, as a string (numeric(18,2)). */
export const Turnover = z
  .string('validation:invalidDecimal')
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^\\d{1,${TURNOVER_INTEGER_DIGITS}}(\\.\\d{1,${TURNOVER_FRACTION_DIGITS}})?$`),
        'companies:validation.turnover',
      )
      .nullable(),
  );

/** Number of employees: a whole number, 0 or more; null when not given. */
export const EmployeeCount = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(0, 'validation:wholeNumber')
  .max(10_000_000, 'validation:wholeNumber')
  .nullish()
  .transform((value) => value ?? null);

/** A web address (http or https); empty means none. */
export const Website = z
  .string('validation:invalidUrl')
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z
      .url({ protocol: /^https?$/, message: 'validation:invalidUrl' })
      .max(FIELD_LENGTHS.companyWebsite, 'validation:tooLong')
      .nullable(),
  );

const OptionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(Phone.nullable());

const OptionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(EmailAddress.nullable());

const OptionalId = z
  .uuid('validation:selectOne')
  .or(z.literal(''))
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * PUT companies/{id}: the company's own fields plus the registration fields. A company user may
 * not change the NIF (a different NIF is refused with 400 companies:nifNotEditable); an admin may.
 */
export const UpdateCompanyRequest = z.object({
  version: z.number().int().positive(),
  // registration fields (the registration form's rules)
  companyName: registered.companyName,
  responsibleName: registered.responsibleName,
  email: registered.email,
  phone: registered.phone,
  nif: registered.nif,
  caeDivisionId: registered.caeDivisionId,
  cityId: registered.cityId,
  // the company's own fields
  legalName: optionalText(),
  ownerName: optionalText(),
  managerName: optionalText(),
  establishmentDate: EstablishmentDate,
  annualTurnover: Turnover,
  companyTypeId: OptionalId,
  employeeCount: EmployeeCount,
  contactPhone: OptionalPhone,
  contactEmail: OptionalEmail,
  website: Website,
  isListed: z.boolean().default(false),
});
export type UpdateCompanyRequest = z.input<typeof UpdateCompanyRequest>;
export type UpdateCompanyValues = z.output<typeof UpdateCompanyRequest>;

/** A reference item as shown with a company: its id and its label in the caller's language. */
export const LabelledRef = z.object({ id: z.uuid(), label: z.string() }).nullable();
export type LabelledRef = z.infer<typeof LabelledRef>;

// ---- name changes of a company holding the status ----------------------------------------------------------------

const NAME_CHANGE_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type NameChangeStatus = (typeof NAME_CHANGE_STATUSES)[number];

/**
 * A change of a company's names (its name and legal name) while it holds the status: the company's profile edit
 * becomes a request an admin approves or refuses; an admin's own edit is recorded approved. 'cancelled': the
 * company renamed itself directly once it no longer held the status.
 */
export const NameChange = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  nif: z.string(),
  /** The names when the change was asked for. */
  fromCompanyName: z.string(),
  fromLegalName: z.string().nullable(),
  /** The names asked for. */
  toCompanyName: z.string(),
  toLegalName: z.string().nullable(),
  status: z.enum(NAME_CHANGE_STATUSES),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  version: z.number().int(),
});
export type NameChange = z.infer<typeof NameChange>;

/** GET companies/name-changes (admin): the requests of one status (pending by default), oldest first. */
export const NameChangeQuery = z.object({
  status: z.enum(NAME_CHANGE_STATUSES).default('pending'),
});
export type NameChangeQuery = z.input<typeof NameChangeQuery>;

/** POST companies/name-changes/{id}/decision (admin): approve, or refuse with a reason the company reads. */
export const NameChangeDecision = z
  .strictObject({
    approve: z.boolean(),
    reason: z.string().trim().max(FIELD_LENGTHS.reason, 'validation:tooLong').optional(),
    version: z.number().int().positive(),
  })
  .refine((value) => value.approve || (value.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'validation:required',
  });
export type NameChangeDecision = z.infer<typeof NameChangeDecision>;

/** GET companies/{id}: the company's profile (members and admins). */
export const CompanyProfile = z.object({
  id: z.uuid(),
  version: z.number().int(),
  companyName: z.string(),
  responsibleName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  nif: z.string(),
  legalName: z.string().nullable(),
  ownerName: z.string().nullable(),
  managerName: z.string().nullable(),
  establishmentDate: z.string().nullable().describe('yyyy-mm-dd'),
  annualTurnover: z.string().nullable().describe('Decimal string, 2 decimals'),
  employeeCount: z.number().int().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  website: z.string().nullable(),
  isListed: z.boolean(),
  companyTypeId: z.uuid().nullable(),
  companySituationId: z.uuid().nullable(),
  caeSectionId: z.uuid().nullable(),
  caeDivisionId: z.uuid().nullable(),
  islandId: z.uuid().nullable(),
  cityId: z.uuid().nullable(),
  companyType: LabelledRef,
  companySituation: LabelledRef,
  caeSection: LabelledRef,
  caeDivision: LabelledRef,
  island: LabelledRef,
  city: LabelledRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The company holds the status (a valid seal, or a suspended one not yet expired): its NIF cannot change, and
   * a change of its name waits for an admin's approval.
   */
  holdsSeal: z.boolean(),
  /** The name change waiting for an admin's approval, if any. */
  pendingNameChange: NameChange.nullable(),
  /**
   * Whether the company's figures may be used, anonymised, for the barometer and the quartiles (granted by the
   * registration terms; the owner may withdraw it: PUT companies/{id}/statistics-consent).
   */
  statisticsAllowed: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

// ---- admin list ------------------------------------------------------------------------------------------------

export const COMPANY_SORTS = ['companyName', 'nif', 'createdAt'] as const;

/** GET companies (admin): search by name or NIF prefix, filters, sort by name, NIF or creation. */
export const CompanyListQuery = ListQuery.omit({ isActive: true }).extend({
  sort: z.enum(COMPANY_SORTS).optional(),
  order: z.enum(SORT_ORDERS).default('asc'),
  islandId: z.uuid().optional(),
  caeSectionId: z.uuid().optional(),
  companyTypeId: z.uuid().optional(),
  companySituationId: z.uuid().optional(),
});
export type CompanyListQuery = z.input<typeof CompanyListQuery>;

export const CompanyListItem = z.object({
  id: z.uuid(),
  version: z.number().int(),
  companyName: z.string(),
  nif: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  island: z.string().nullable(),
  city: z.string().nullable(),
  caeSection: z.string().nullable(),
  companyType: z.string().nullable(),
  companySituationId: z.uuid().nullable(),
  companySituation: z.string().nullable(),
  isListed: z.boolean(),
  createdAt: z.string(),
});
export type CompanyListItem = z.infer<typeof CompanyListItem>;

/** PUT companies/{id}/situation (admin). */
export const UpdateCompanySituationRequest = z.object({
  companySituationId: z.uuid('validation:selectOne').nullable(),
  version: z.number().int().positive(),
});
export type UpdateCompanySituationRequest = z.infer<typeof UpdateCompanySituationRequest>;

// ---- public directory --------------------------------------------------------------------------------------------

export const DirectoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
export type DirectoryQuery = z.input<typeof DirectoryQuery>;

/** One row of the public directory: company, year, island, city, contact, website. */
export const DirectoryItem = z.object({
  id: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  year: z.number().int().describe('Establishment year, else the registration year'),
  island: z.string().nullable(),
  city: z.string().nullable(),
  contact: z.string().nullable().describe('Contact phone, else contact e-mail, else the company phone'),
  website: z.string().nullable(),
});
export type DirectoryItem = z.infer<typeof DirectoryItem>;

/** GET public/companies/{id}: the company's public page. */
export const PublicCompany = DirectoryItem.extend({
  legalName: z.string().nullable(),
  caeSection: z.string().nullable(),
  caeDivision: z.string().nullable(),
  companyType: z.string().nullable(),
  employeeCount: z.number().int().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof PublicCompany>;

// ---- the user's own profile ---------------------------------------------------------------------------------------

/** GET me/profile. */
export const MyProfile = z.object({
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  profilePicture: z.string().nullable().describe('Address of the profile picture, or null when none'),
});
export type MyProfile = z.infer<typeof MyProfile>;

/** PUT me/profile. */
export const UpdateMyProfileRequest = z.object({
  name: z
    .string('validation:required')
    .trim()
    .min(1, 'validation:required')
    .max(FIELD_LENGTHS.name, 'validation:tooLong'),
  language: z.enum(LANGUAGES),
});
export type UpdateMyProfileRequest = z.infer<typeof UpdateMyProfileRequest>;
