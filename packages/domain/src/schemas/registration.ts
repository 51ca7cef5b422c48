import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailAddress } from './email.ts';
import { FIELD_LENGTHS, NIF_LENGTH } from './field-lengths.ts';
import { NewPassword, PASSWORDS_MATCH, PasswordConfirmation, passwordsAreEqual } from './password.ts';

/**
 * Company registration: the form's fields, rules and messages. The same schema checks the form as the user types
 * and the request on the server. Messages are keys of the `validation` catalog namespace.
 */

/** At least 7 digits; spaces, '+', '-', '(' and ')' are allowed around them. */
export const PHONE_MIN_DIGITS = 7;

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

export const Nif = z
  .string('validation:nifDigits')
  .trim()
  .regex(new RegExp(`^\\d{${NIF_LENGTH}}$`), 'validation:nifDigits');

export const Phone = z
  .string('validation:phoneMinDigits')
  .trim()
  .max(FIELD_LENGTHS.phone, 'validation:tooLong')
  .refine((phone) => /^[\d\s()+-]*$/.test(phone) && phoneDigits(phone).length >= PHONE_MIN_DIGITS, {
    message: 'validation:phoneMinDigits',
  });

const Selected = z.uuid('validation:selectOne');

/** The privacy policy and the regulation accepted: a self-registration and an invitation alike. */
export const AcceptedTerms = z.literal(true, 'validation:acceptTerms');

export const RegisterCompanyRequest = z
  .object({
    companyName: z
      .string('validation:companyNameRequired')
      .trim()
      .min(1, 'validation:companyNameRequired')
      .max(FIELD_LENGTHS.name, 'validation:tooLong'),
    responsibleName: z
      .string('validation:responsibleNameRequired')
      .trim()
      .min(1, 'validation:responsibleNameRequired')
      .max(FIELD_LENGTHS.name, 'validation:tooLong'),
    email: EmailAddress,
    phone: Phone,
    nif: Nif,
    password: NewPassword,
    confirmPassword: PasswordConfirmation,
    caeSectionId: Selected,
    caeDivisionId: Selected,
    islandId: Selected,
    cityId: Selected,
    acceptedTerms: AcceptedTerms,
    language: z.enum(LANGUAGES).default('pt'),
  })
  .refine(passwordsAreEqual, PASSWORDS_MATCH);
export type RegisterCompanyRequest = z.infer<typeof RegisterCompanyRequest>;
