import {
  FIELD_LENGTHS,
  formatByteSize,
  hasRole,
  LANGUAGES,
  type Language,
  PROFILE_PICTURE_MAX_BYTES,
} from '@excelencia/domain';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconShieldCheck, IconShieldOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withLanguage } from '../../../lib/access.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { accountKeys, useAccountQuery, useProfilePictureUrl } from '../../accounts/queries.ts';
import { RemindersSwitch } from '../../automations/index.ts';
import { PersonalDataSection } from '../../company-data/components/personal-data-section.tsx';
import { ApiTokensSection } from '../../partners/components/api-tokens-section.tsx';
import { sessionKeys } from '../../session/queries.ts';
import { deleteProfilePicture, putMyProfile, uploadProfilePicture } from '../api.ts';
import { changePasswordHref, disableTwoFactorHref, enableTwoFactorHref, pictureProblem } from '../picture.ts';
import { profileKeys, useMyProfileQuery, useTwoFactorQuery } from '../queries.ts';

/**
 * /:lang/users/profile (company and partner users): name, language, picture, password change, two-factor sign-in,
 * a company user's reminders switch, the download of what the portal keeps of the person; a partner's API tokens.
 */
export function ProfilePage() {
  const t = useTranslate();
  const { session } = useSignedIn();
  const profile = useMyProfileQuery();
  if (profile.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('companies:common.loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void profile.refetch()}>
          {t('companies:common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!profile.data) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  return (
    <Stack gap="lg" maw={720}>
      <PictureSection />
      <DetailsForm name={profile.data.name} email={profile.data.email} language={profile.data.language} />
      <PasswordSection />
      <TwoFactorSection />
      {hasRole(session.roles, 'company') ? <RemindersSwitch /> : null}
      <PersonalDataSection />
      {hasRole(session.roles, 'partner') ? <ApiTokensSection /> : null}
    </Stack>
  );
}

function DetailsForm({ name, email, language }: { name: string; email: string; language: Language }) {
  const t = useTranslate();
  const uiLanguage = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name, language },
    validate: {
      name: (value: string) =>
        value.trim()
          ? value.trim().length > FIELD_LENGTHS.name
            ? t('validation:tooLong', { max: FIELD_LENGTHS.name })
            : null
          : t('validation:required'),
    },
    validateInputOnBlur: true,
  });
  const save = useMutation({ mutationFn: putMyProfile });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { name: values.name.trim(), language: values.language },
      {
        onSuccess: () => {
          notifySuccess(t('common:updated'));
          form.resetDirty();
          void queryClient.invalidateQueries({ queryKey: profileKeys.all });
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
          if (values.language !== uiLanguage) {
            void navigate(`${withLanguage(location.pathname, values.language)}${location.search}`, {
              replace: true,
            });
          }
        },
        onError: (error) => notifyApiError(error),
      },
    ),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-details">
      <Title order={2} size="h4" mb="sm" id="profile-details">
        {t('companies:profile.details')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="profile-form">
        <Stack gap="md">
          <TextInput
            label={t('companies:profile.name')}
            withAsterisk
            aria-required
            maxLength={FIELD_LENGTHS.name}
            autoComplete="name"
            {...form.getInputProps('name')}
          />
          <TextInput label={t('companies:form.email')} value={email} readOnly disabled />
          <NativeSelect
            label={t('companies:profile.language')}
            description={t('companies:profile.languageHint')}
            data={LANGUAGES.map((lang) => ({ value: lang, label: t(`common:languages.${lang}`) }))}
            {...form.getInputProps('language')}
            data-testid="profile-language"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="profile-save">
              {t('reference:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PictureSection() {
  const t = useTranslate();
  const language = useLanguage();
  const { session } = useSignedIn();
  const queryClient = useQueryClient();
  const account = useAccountQuery(session.user.email);
  const storedUrl = useProfilePictureUrl(account.data?.id ?? null, Boolean(account.data?.profilePicture));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (!chosen) return;
    const issue = pictureProblem(chosen);
    if (issue) {
      setFile(null);
      setProblem(
        issue === 'type'
          ? t('companies:profile.pictureType')
          : t('companies:profile.pictureSize', { max: formatByteSize(PROFILE_PICTURE_MAX_BYTES, language) }),
      );
      return;
    }
    setFile(chosen);
    setProgress(0);
    uploadProfilePicture(chosen, setProgress).then(
      async () => {
        await refresh();
        notifySuccess(t('companies:profile.uploaded'));
        setFile(null);
        setProgress(null);
      },
      (error: unknown) => {
        setFile(null);
        setProgress(null);
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
  };

  const remove = () =>
    confirmAction({
      title: t('companies:profile.removePicture'),
      message: t('companies:profile.removeConfirm'),
      confirmLabel: t('companies:profile.removePicture'),
      danger: true,
      onConfirm: () =>
        deleteProfilePicture().then(
          async () => {
            await refresh();
            notifySuccess(t('common:deleted'));
          },
          (error) => notifyApiError(error),
        ),
    });

  const shown = preview ?? storedUrl;
  const uploading = progress !== null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-picture">
      <Title order={2} size="h4" mb="sm" id="profile-picture">
        {t('companies:profile.picture')}
      </Title>
      <Group gap="md" align="center" wrap="wrap">
        <Avatar
          src={shown}
          size={44}
          radius="xl"
          alt={shown ? t('companies:profile.pictureAlt') : undefined}
          data-testid="profile-avatar"
        >
          {session.user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <FileButton onChange={choose} accept="image/jpeg,image/png,image/webp" disabled={uploading}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              loading={uploading}
              data-testid="picture-upload"
            >
              {t('companies:profile.uploadPicture')}
            </Button>
          )}
        </FileButton>
        {account.data?.profilePicture && !uploading ? (
          <Button
            variant="subtle"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={remove}
            data-testid="picture-remove"
          >
            {t('companies:profile.removePicture')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7" mt="xs">
        {t('companies:profile.pictureHint', { max: formatByteSize(PROFILE_PICTURE_MAX_BYTES, language) })}
      </Text>
      {uploading ? (
        <Progress
          value={Math.round((progress ?? 0) * 100)}
          mt="sm"
          aria-label={t('companies:profile.uploading')}
          data-testid="picture-progress"
        />
      ) : null}
      {problem ? (
        <Text size="sm" c="red.9" mt="xs" role="alert" data-testid="picture-error">
          {problem}
        </Text>
      ) : null}
    </Paper>
  );
}

function PasswordSection() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-password">
      <Title order={2} size="h4" mb="xs" id="profile-password">
        {t('companies:profile.password')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('companies:profile.passwordHint')}
      </Text>
      <Button
        component="a"
        href={changePasswordHref(`/${language}/users/profile`)}
        variant="default"
        leftSection={<IconKey size={16} aria-hidden="true" />}
        data-testid="change-password"
      >
        {t('companies:profile.changePassword')}
      </Button>
    </Paper>
  );
}

/** Two-factor sign-in: on or off at the identity provider, turned on and off there (like the password). */
function TwoFactorSection() {
  const t = useTranslate();
  const language = useLanguage();
  const status = useTwoFactorQuery();
  const back = `/${language}/users/profile`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-two-factor">
      <Title order={2} size="h4" mb="xs" id="profile-two-factor">
        {t('companies:profile.twoFactor.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('companies:profile.twoFactor.hint')}
      </Text>
      {status.isError ? (
        <Alert color="red.9" variant="light" role="alert" title={t('companies:profile.twoFactor.loadFailed')}>
          <Button size="compact-sm" variant="light" color="red.9" onClick={() => void status.refetch()}>
            {t('companies:common.retry')}
          </Button>
        </Alert>
      ) : !status.data ? (
        <Text c="gray.7">{t('companies:common.loading')}</Text>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text data-testid="two-factor-state">
            {t('companies:profile.twoFactor.state')}{' '}
            <Text span fw={700}>
              {status.data.enabled
                ? t('companies:profile.twoFactor.on')
                : t('companies:profile.twoFactor.off')}
            </Text>
          </Text>
          {status.data.required ? (
            <Text size="sm" c="gray.7">
              {t('companies:profile.twoFactor.required')}
            </Text>
          ) : null}
          {!status.data.enabled ? (
            <Button
              component="a"
              href={enableTwoFactorHref(back)}
              variant="default"
              leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
              data-testid="enable-two-factor"
            >
              {t('companies:profile.twoFactor.enable')}
            </Button>
          ) : status.data.credentialId && !status.data.required ? (
            <Button
              component="a"
              href={disableTwoFactorHref(back, status.data.credentialId)}
              variant="default"
              leftSection={<IconShieldOff size={16} aria-hidden="true" />}
              data-testid="disable-two-factor"
            >
              {t('companies:profile.twoFactor.disable')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
