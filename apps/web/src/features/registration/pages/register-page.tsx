import {
  FIELD_LENGTHS,
  isEmailAddress,
  type Language,
  NIF_LENGTH,
  RegisterCompanyRequest,
} from '@excelencia/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { PasswordField, SelectField, TextField } from '../../../ui/form/fields.tsx';
import { checkPasswordConfirmation } from '../../../ui/form/password-confirmation.ts';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { Logo } from '../../../ui/logo.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { toSelectOptions, usePublicOptions } from '../../companies/options.ts';
import { postRegistration, resendRegistration } from '../api.ts';
import { AcceptTermsCheckbox } from '../components/accept-terms.tsx';
import { signInHref } from '../sign-in-href.ts';

interface RegisterValues {
  companyName: string;
  responsibleName: string;
  email: string;
  phone: string;
  nif: string;
  password: string;
  confirmPassword: string;
  caeSectionId: string;
  caeDivisionId: string;
  islandId: string;
  cityId: string;
  acceptedTerms: boolean;
}

const EMPTY: RegisterValues = {
  companyName: '',
  responsibleName: '',
  email: '',
  phone: '',
  nif: '',
  password: '',
  confirmPassword: '',
  caeSectionId: '',
  caeDivisionId: '',
  islandId: '',
  cityId: '',
  acceptedTerms: false,
};

const FIELDS = Object.keys(EMPTY);

/** The request body: the form plus the UI language. */
export function registrationPayload(values: RegisterValues, language: Language) {
  return { ...values, language };
}

/**
 * /:lang/register (bare layout): the company registration form, then "check your e-mail". The server answers a
 * registration the same whether the address is new, waits for a confirmation or has an account (the mail says
 * which), so the page shows the same screen after each.
 */
export function RegisterPage() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Container size="sm" px={0} w="100%">
      <Stack gap="md">
        <Group justify="center">
          <Logo to={localePath('/')} />
        </Group>
        {sentTo ? (
          <CheckEmail email={sentTo} />
        ) : (
          <>
            <PageTitle>{t('registration:register.title')}</PageTitle>
            <Text c="gray.7">{t('registration:register.intro')}</Text>
            <RegisterForm onRegistered={setSentTo} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodResolver<RegisterValues>(RegisterCompanyRequest, t, (values) =>
      registrationPayload(values, language),
    ),
    validateInputOnBlur: true,
    // A field already showing an error is checked again as the user types, so the message goes away at once.
    onValuesChange: (_values, previous) => {
      for (const field of FIELDS) {
        const key = field as keyof RegisterValues;
        if (form.errors[field] && form.getValues()[key] !== previous[key]) void form.validateField(field);
      }
      checkPasswordConfirmation(form, previous, t);
    },
  });
  const values = form.getValues();
  const sections = usePublicOptions('cae-sections', language);
  const divisions = usePublicOptions('cae-divisions', language, values.caeSectionId || null);
  const islands = usePublicOptions('islands', language);
  const cities = usePublicOptions('cities', language, values.islandId || null);
  const optionsFailed = sections.isError || islands.isError;

  const register = useMutation({ mutationFn: postRegistration });

  const submit = form.onSubmit((formValues) => {
    const body = RegisterCompanyRequest.parse(registrationPayload(formValues, language));
    register.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(t('registration:register.success'));
        onRegistered(answer?.email ?? body.email);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, FIELDS, t);
        if (fields) form.setErrors(fields);
        else notifyApiError(error);
      },
    });
  });

  /**
   * A section or island chosen empties its division or city. An empty one that a submit flagged keeps its error,
   * hidden while it was disabled and shown now that it can be fixed; otherwise it starts without one.
   */
  const parentBinding = (path: 'caeSectionId' | 'islandId', child: 'caeDivisionId' | 'cityId') => {
    const binding = form.getInputProps(path);
    return {
      ...binding,
      onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
        (binding.onChange as (event: React.ChangeEvent<HTMLSelectElement>) => void)(event);
        if (form.getValues()[child] === '' && form.errors[child]) return;
        form.setFieldValue(child, '');
        form.clearFieldError(child);
      },
    };
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={t('registration:register.title')}
    >
      <form onSubmit={submit} noValidate data-testid="register-form">
        <Stack gap="md">
          {optionsFailed ? (
            <Alert color="red.9" variant="light" role="alert">
              {t('registration:register.optionsFailed')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              label={t('companies:form.companyName')}
              required
              maxLength={FIELD_LENGTHS.name}
              autoComplete="organization"
              {...form.getInputProps('companyName')}
            />
            <TextField
              label={t('companies:form.responsibleName')}
              required
              maxLength={FIELD_LENGTHS.name}
              autoComplete="name"
              {...form.getInputProps('responsibleName')}
            />
            <TextField
              label={t('companies:form.corporateEmail')}
              required
              type="email"
              maxLength={FIELD_LENGTHS.email}
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextField
              label={t('companies:form.phone')}
              required
              type="tel"
              maxLength={FIELD_LENGTHS.phone}
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <TextField
              label={t('companies:form.nif')}
              required
              inputMode="numeric"
              maxLength={FIELD_LENGTHS.nif}
              description={t('registration:register.nifHint', { length: NIF_LENGTH })}
              {...form.getInputProps('nif')}
            />
            <Box visibleFrom="sm" aria-hidden="true" />
            <PasswordField
              label={t('companies:form.password')}
              required
              description={t('registration:register.passwordHint')}
              visibilityToggleButtonProps={{ 'aria-label': t('registration:register.togglePassword') }}
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('companies:form.confirmPassword')}
              required
              visibilityToggleButtonProps={{ 'aria-label': t('registration:register.togglePassword') }}
              {...form.getInputProps('confirmPassword')}
            />
            <SelectField
              label={t('companies:form.caeSection')}
              required
              options={toSelectOptions(sections.data)}
              testId="select-caeSection"
              {...parentBinding('caeSectionId', 'caeDivisionId')}
            />
            <SelectField
              label={t('companies:form.caeDivision')}
              required
              options={toSelectOptions(divisions.data)}
              disabled={!values.caeSectionId}
              description={values.caeSectionId ? undefined : t('registration:register.chooseSectionFirst')}
              testId="select-caeDivision"
              {...form.getInputProps('caeDivisionId')}
            />
            <SelectField
              label={t('companies:form.island')}
              required
              options={toSelectOptions(islands.data)}
              testId="select-island"
              {...parentBinding('islandId', 'cityId')}
            />
            <SelectField
              label={t('companies:form.city')}
              required
              options={toSelectOptions(cities.data)}
              disabled={!values.islandId}
              description={values.islandId ? undefined : t('registration:register.chooseIslandFirst')}
              testId="select-city"
              {...form.getInputProps('cityId')}
            />
          </SimpleGrid>
          <AcceptTermsCheckbox {...form.getInputProps('acceptedTerms', { type: 'checkbox' })} />
          <Group justify="space-between" gap="sm" mt="sm">
            <Text size="sm">
              {t('registration:register.haveAccount')}{' '}
              <Anchor href={`/auth/login?lang=${language}`} underline="always">
                {t('registration:register.signIn')}
              </Anchor>
            </Text>
            <Button type="submit" loading={register.isPending} data-testid="register-submit">
              {t('registration:register.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * After a registration, whatever the address: a message was sent (a confirmation link, a fresh link to the
 * registration already waiting, or how to sign in to the account the address has); ask for a new link, or sign in.
 */
export function CheckEmail({ email }: { email: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  return (
    <Stack gap="md" data-testid="register-sent">
      <PageTitle>{t('registration:register.sentTitle')}</PageTitle>
      <Alert color="green.9" variant="light" icon={<IconMailCheck aria-hidden="true" />}>
        <Text>{t('registration:register.sentText', { email })}</Text>
      </Alert>
      <Text c="gray.7">{t('registration:register.sentHint')}</Text>
      <ResendForm initialEmail={email} />
      <Text size="sm">
        {t('registration:register.haveAccount')}{' '}
        <Anchor href={signInHref(language)} underline="always" data-testid="register-sent-sign-in">
          {t('registration:register.signIn')}
        </Anchor>
      </Text>
      <Anchor component={Link} to={localePath('/')}>
        {t('companies:common.backHome')}
      </Anchor>
    </Stack>
  );
}

/** POST registrations/resend {email}: always "sent" (the server does not say whether a registration exists). */
export function ResendForm({ initialEmail = '' }: { initialEmail?: string }) {
  const t = useTranslate();
  const [email, setEmail] = useState(initialEmail);
  const [done, setDone] = useState(false);
  const resend = useMutation({ mutationFn: resendRegistration });
  const valid = isEmailAddress(email);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        resend.mutate(email.trim(), {
          onSuccess: () => {
            setDone(true);
            notifySuccess(t('registration:register.resent'));
          },
          onError: (error) => notifyApiError(error),
        });
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          type="email"
          label={t('companies:form.corporateEmail')}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setDone(false);
          }}
          w={{ base: '100%', xs: 300 }}
          autoComplete="email"
        />
        <Button
          type="submit"
          variant="light"
          loading={resend.isPending}
          disabled={!valid}
          data-testid="resend"
        >
          {t('registration:register.resend')}
        </Button>
      </Group>
      {done ? (
        <Text size="sm" c="green.9" mt="xs" role="status">
          {t('registration:register.resent')}
        </Text>
      ) : null}
    </form>
  );
}
