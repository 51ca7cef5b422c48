import {
  CreateUserRequest,
  FIELD_LENGTHS,
  LANGUAGES,
  type Language,
  languageName,
  MIN_PASSWORD_LENGTH,
  UpdateUserRequest,
  UserItem,
} from '@excelencia/domain';
import { Badge, Group, SimpleGrid } from '@mantine/core';
import { currentLanguage } from '../../../lib/i18n.ts';
import { PasswordField, SelectField, SwitchField, TextField } from '../../../ui/form/fields.tsx';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { FieldsProps, ResourceScreenConfig } from '../../reference/components/resource-config.ts';
import { activeColumn } from '../../reference/screens/shared.tsx';

/** The language choices of an account form, each in its own language. */
export const languageOptions = () =>
  LANGUAGES.map((language) => ({
    value: language,
    label: languageName(language),
  }));

/** The account's language as a column. */
export function languageColumn<T extends { language: Language }>(t: Translate) {
  return {
    key: 'language',
    label: t('reference:fields.language'),
    render: (item: T) => languageName(item.language),
  };
}

/** Name, e-mail, language and password of an account (the e-mail fixed once created). */
export function IdentityFields({
  form,
  mode,
}: {
  form: FieldsProps<UserItem, AccountValues>['form'];
  mode: 'create' | 'edit';
}) {
  const t = useTranslate();
  return (
    <>
      <TextField
        {...form.getInputProps('name')}
        label={t('reference:fields.name')}
        required
        maxLength={FIELD_LENGTHS.name}
        autoComplete="off"
        data-testid="field-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField
          {...form.getInputProps('email')}
          type="email"
          label={t('reference:fields.email')}
          required={mode === 'create'}
          readOnly={mode === 'edit'}
          description={mode === 'edit' ? t('reference:form.emailFixed') : undefined}
          maxLength={FIELD_LENGTHS.email}
          autoComplete="off"
          data-testid="field-email"
        />
        <SelectField
          {...form.getInputProps('language')}
          label={t('reference:fields.language')}
          required
          options={languageOptions()}
          testId="field-language"
        />
      </SimpleGrid>
      <PasswordField
        {...form.getInputProps('password')}
        label={t(mode === 'create' ? 'reference:fields.password' : 'reference:fields.newPassword')}
        description={
          mode === 'create'
            ? t('reference:form.passwordHint', { min: MIN_PASSWORD_LENGTH })
            : `${t('reference:form.passwordResetHint')} · ${t('reference:form.passwordHint', { min: MIN_PASSWORD_LENGTH })}`
        }
        required={mode === 'create'}
        maxLength={FIELD_LENGTHS.password}
        data-testid="field-password"
      />
    </>
  );
}

// ---- users (/admin/admin) -----------------------------------------------------------------------------------------

/** The form values every account has (a user, a partner). */
export type AccountValues = { name: string; email: string; language: Language | ''; password: string };
type UserValues = AccountValues & { isAdmin: boolean };

function UserFields({ form, mode }: FieldsProps<UserItem, UserValues>) {
  const t = useTranslate();
  return (
    <>
      <IdentityFields form={form} mode={mode} />
      <SwitchField
        {...form.getInputProps('isAdmin', { type: 'checkbox' })}
        label={t('reference:fields.isAdmin')}
        data-testid="field-isAdmin"
      />
    </>
  );
}

/**
 * The admin's screen of the portal's users (/admin/admin, served by the server's users area), shown by the
 * reference screens' generic page (docs/adr/0006).
 */
export const users: ResourceScreenConfig<UserItem, UserValues> = {
  resource: 'users',
  itemSchema: UserItem,
  createSchema: CreateUserRequest,
  updateSchema: UpdateUserRequest,
  columns: (t) => [
    { key: 'name', label: t('reference:fields.name'), sortKey: 'name', render: (item) => item.name },
    { key: 'email', label: t('reference:fields.email'), sortKey: 'email', render: (item) => item.email },
    languageColumn(t),
    {
      key: 'roles',
      label: t('reference:fields.roles'),
      render: (item) => (
        <Group gap={4}>
          {item.roles.map((role) => (
            <Badge key={role} variant="outline" color={role === 'admin' ? 'brand.8' : 'gray.7'}>
              {t(`shell:roles.${role}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    activeColumn(t, false),
  ],
  defaultSort: 'name',
  hasActiveFilter: true,
  searchPlaceholderKey: 'reference:table.searchPeople',
  emptyValues: () => ({ name: '', email: '', language: currentLanguage(), password: '', isAdmin: false }),
  toValues: (item) => ({
    name: item.name,
    email: item.email,
    language: item.language,
    password: '',
    isAdmin: item.isAdmin,
  }),
  toPayload: (values, mode) =>
    mode === 'create'
      ? { ...values }
      : {
          name: values.name,
          language: values.language,
          isAdmin: values.isAdmin,
          password: values.password || null,
        },
  Fields: UserFields,
  itemName: (item) => item.name,
  activation: 'post',
  canChangeActivation: (item, me) => item.email.toLowerCase() !== me.email.toLowerCase(),
  canDelete: false,
  deactivateTextKey: 'reference:confirm.deactivateUserText',
  formSize: 'lg',
};
