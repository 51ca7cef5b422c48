import {
  CreateFollowRequest,
  FIELD_LENGTHS,
  type FollowRequestStatus,
  formatDisplayDate,
  NIF_LENGTH,
} from '@excelencia/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { TextField } from '../../../ui/form/fields.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useFollowRequestMutation, useFollowRequestsQuery } from '../queries.ts';

const STATUS_COLORS: Record<FollowRequestStatus, string> = {
  pending: 'blue.9',
  accepted: SUCCESS_GREEN,
  refused: 'gray.7',
};

/**
 * Asks to follow a company that registered on its own, by NIF: the company accepts or refuses in its profile.
 * The server's refusals (no such company, already assisted, a request waiting) land under the NIF field.
 */
export function FollowRequestForm({ initialNif = '', onDone }: { initialNif?: string; onDone: () => void }) {
  const t = useTranslate();
  const form = useForm<{ nif: string }>({
    mode: 'controlled',
    initialValues: { nif: initialNif },
    validate: zodResolver<{ nif: string }>(CreateFollowRequest, t),
    validateInputOnBlur: true,
  });
  const ask = useFollowRequestMutation();
  const submit = form.onSubmit((values) =>
    ask.mutate(CreateFollowRequest.parse(values), {
      onSuccess: (request) => {
        notifySuccess(t('partners:follow.sent', { company: request.companyName }));
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, ['nif'], t);
        if (fields) form.setErrors(fields);
        else notifyApiError(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="follow-request-form">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('partners:follow.formIntro')}
        </Text>
        <TextField
          label={t('partners:follow.nifLabel')}
          required
          inputMode="numeric"
          maxLength={FIELD_LENGTHS.nif}
          description={t('registration:register.nifHint', { length: NIF_LENGTH })}
          {...form.getInputProps('nif')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={ask.isPending} data-testid="follow-request-submit">
            {t('partners:follow.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The entity's requests to follow companies, newest first, with each company's answer; nothing while none. */
export function FollowRequestsList() {
  const t = useTranslate();
  const language = useLanguage();
  const query = useFollowRequestsQuery();
  const k = (key: string) => t(`partners:follow.${key}`);
  if (!query.data || query.data.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="follow-requests">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {k('listTitle')}
        </Title>
        <ScrollRegion label={k('listTitle')}>
          <Table striped withTableBorder miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{k('company')}</Table.Th>
                <Table.Th>{k('nif')}</Table.Th>
                <Table.Th>{k('status')}</Table.Th>
                <Table.Th>{k('requestedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((request) => (
                <Table.Tr
                  key={request.id}
                  data-testid="follow-request-row"
                  data-nif={request.nif}
                  data-status={request.status}
                >
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {request.companyName}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{request.nif}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[request.status]}>
                      {t(`partners:follow.statuses.${request.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDisplayDate(request.requestedAt, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Stack>
    </Paper>
  );
}
