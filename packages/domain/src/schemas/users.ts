import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailAddress } from './email.ts';
import { FIELD_LENGTHS } from './field-lengths.ts';
import { ListQuery, ParentSummary, VersionField } from './reference.ts';

/** The shortest password the portal accepts when an admin sets one. */
export const MIN_PASSWORD_LENGTH = 10;

const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'validation:passwordTooShort')
  .max(FIELD_LENGTHS.password, 'validation:tooLong');
const Name = z.string().trim().min(1, 'validation:required').max(FIELD_LENGTHS.name, 'validation:tooLong');
const Language = z.enum(LANGUAGES, 'validation:selectOne');

/** /admin/admin: portal users: a name, a language, a password, the admin flag, active or inactive. */
export const CreateUserRequest = z.object({
  name: Name,
  email: EmailAddress,
  language: Language,
  password: Password,
  isAdmin: z.boolean().default(false),
});
export const UpdateUserRequest = z.object({
  name: Name,
  language: Language,
  isAdmin: z.boolean(),
  /** Set to reset the password; omit or null to keep it. */
  password: Password.nullable().optional(),
  ...VersionField,
});
export const UserItem = z.object({
  id: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserItem = z.infer<typeof UserItem>;
export const UserListQuery = ListQuery.extend({ role: z.enum(['admin', 'company', 'partner']).optional() });

/** /admin/partners: partner users linked to a partner entity. */
export const CreatePartnerRequest = z.object({
  name: Name,
  email: EmailAddress,
  language: Language,
  password: Password,
  partnerEntityId: z.uuid('validation:selectOne'),
});
export const UpdatePartnerRequest = z.object({
  name: Name,
  language: Language,
  partnerEntityId: z.uuid('validation:selectOne'),
  ...VersionField,
});
export const PartnerItem = z.object({
  id: z.uuid(),
  version: z.number().int(),
  accountId: z.uuid(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  isActive: z.boolean(),
  partnerEntityId: z.uuid(),
  partnerEntity: ParentSummary.extend({ name: z.string() }).omit({ description: true }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartnerItem = z.infer<typeof PartnerItem>;
export const PartnerListQuery = ListQuery.extend({ partnerEntityId: z.uuid().optional() });
