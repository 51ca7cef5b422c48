import { Anchor, Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import type { InputBinding } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * "I accept the privacy policy and the regulation", each a link opening in a new tab, and what the terms grant
 * (the anonymised statistical use of the company's figures): a self-registration and an invitation accept the same
 * terms. Bind with `form.getInputProps('acceptedTerms', { type: 'checkbox' })`.
 */
export function AcceptTermsCheckbox(props: InputBinding) {
  const t = useTranslate();
  const localePath = useLocalePath();
  const link = (path: string, label: string): ReactNode => (
    <Anchor component={Link} to={localePath(path)} target="_blank" rel="noopener" inherit underline="always">
      {label}
    </Anchor>
  );
  return (
    <Checkbox
      checked={Boolean(props.checked)}
      onChange={props.onChange as (event: React.ChangeEvent<HTMLInputElement>) => void}
      onFocus={props.onFocus as () => void}
      onBlur={props.onBlur as () => void}
      error={props.error as ReactNode}
      aria-required
      data-testid="accept-terms"
      // The terms grant the statistical use of the company's figures (the barometer), withdrawable in its profile.
      description={t('barometer:consent.terms')}
      label={
        <>
          {t('registration:register.acceptPrefix')}{' '}
          {link('/public/privacy', t('registration:legal.privacyTitle'))} {t('registration:register.and')}{' '}
          {link('/public/regulation', t('registration:legal.regulationTitle'))}
        </>
      }
    />
  );
}
