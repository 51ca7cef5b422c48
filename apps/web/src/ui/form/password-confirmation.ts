import type { Translate } from './zod-resolver.ts';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/** The parts of a Mantine form this rule uses. */
interface ConfirmationForm {
  errors: Record<string, unknown>;
  getValues(): PasswordPair;
  setFieldError(path: 'confirmPassword', error: string): void;
  clearFieldError(path: 'confirmPassword'): void;
}

/**
 * 'Passwords must match' as the user types (for a form's onValuesChange). While the confirmation is typed, the
 * message shows as soon as it can no longer become the password (it is not the start of it); a change of the
 * password shows it at once when a confirmation is there and differs; it goes once both are equal. Other fields
 * play no part, so it shows whatever else the form still lacks.
 */
export function checkPasswordConfirmation(
  form: ConfirmationForm,
  previous: PasswordPair,
  t: Translate,
): void {
  const { password, confirmPassword } = form.getValues();
  if (password === previous.password && confirmPassword === previous.confirmPassword) return;
  if (!confirmPassword) return;
  if (password === confirmPassword) {
    if (form.errors.confirmPassword) form.clearFieldError('confirmPassword');
  } else if (
    password !== previous.password ||
    !password.startsWith(confirmPassword) ||
    form.errors.confirmPassword
  ) {
    form.setFieldError('confirmPassword', t('validation:passwordsMustMatch'));
  }
}
