import { type EsgFormSummary, localized } from '@excelencia/domain';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { moved } from '../components/esg-builder-values.ts';
import { EsgFormBuilder, MoveButtons } from '../components/esg-form-builder.tsx';
import { EsgResultsView } from '../components/esg-results.tsx';
import { useFormQuery, useFormsQuery, useReorderFormsMutation } from '../queries.ts';

const STATUS_COLORS = { draft: 'gray.7', open: 'green.9', closed: 'red.9' } as const;
const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The forms in their order (arrows renumber them 1..n), with status, questions, answers and the actions. */
function FormsList({ onOpen }: { onOpen: (id: string | null, view: 'edit' | 'results') => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const forms = useFormsQuery();
  const reorder = useReorderFormsMutation();
  if (forms.isPending) return <Loader />;
  if (forms.isError) return <Alert color="red.9">{t('esg:company.loadFailed')}</Alert>;
  const list = forms.data;
  const move = (index: number, delta: number) => {
    const next = moved(
      list.map((form) => ({ ...form, order: form.orderNumber })),
      index,
      delta,
    );
    reorder.mutate(
      next.map((form) => form.id),
      { onError: (error) => notifyApiError(error) },
    );
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="gray.7">{t('esg:builder.intro')}</Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => onOpen(null, 'edit')}
          data-testid="esg-new-form"
        >
          {t('esg:builder.newForm')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="gray.7">{t('esg:builder.empty')}</Text>
      ) : (
        <ScrollRegion label={t('esg:builder.title')}>
          <Table striped withTableBorder data-testid="esg-forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={NUMERIC}>{t('esg:builder.order')}</Table.Th>
                <Table.Th>{t('esg:builder.formTitle')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:builder.period')}</Table.Th>
                <Table.Th>{t('esg:builder.status')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:builder.questions')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:builder.answers')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:builder.version')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('esg:builder.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((form: EsgFormSummary, index) => {
                const title = localized(form.title, language);
                return (
                  <Table.Tr key={form.id} data-testid={`esg-form-row-${form.orderNumber}`}>
                    <Table.Td style={NUMERIC}>{form.orderNumber}</Table.Td>
                    <Table.Td>{title}</Table.Td>
                    <Table.Td style={NUMERIC}>{form.period}</Table.Td>
                    <Table.Td>
                      <Badge variant="filled" color={STATUS_COLORS[form.status]}>
                        {t(`esg:formStatus.${form.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={NUMERIC}>{form.questionCount}</Table.Td>
                    <Table.Td style={NUMERIC}>{form.submitted}</Table.Td>
                    <Table.Td style={NUMERIC}>{form.definitionVersion}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <MoveButtons
                          name={title}
                          index={index}
                          count={list.length}
                          onMove={(delta) => move(index, delta)}
                          testId={`esg-form-${form.orderNumber}`}
                        />
                        <Button variant="default" size="compact-sm" onClick={() => onOpen(form.id, 'edit')}>
                          {t('esg:builder.edit')}
                        </Button>
                        <Button
                          variant="default"
                          size="compact-sm"
                          onClick={() => onOpen(form.id, 'results')}
                          data-testid={`esg-form-results-${form.orderNumber}`}
                        >
                          {t('esg:builder.results')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

function EditForm({ id, onDone }: { id: string | null; onDone: (id: string | null) => void }) {
  const one = useFormQuery(id);
  if (id !== null && one.isPending) return <Loader />;
  return (
    <EsgFormBuilder
      key={`${id ?? 'new'}-${one.data?.version ?? 0}`}
      form={one.data ?? null}
      onSaved={(saved) => onDone(saved.id)}
      onClose={() => onDone(null)}
    />
  );
}

/** /admin/esg: the ESG forms (order, status, answers), the form builder and each form's results. */
export function AdminEsgPage() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const view = params.get('view');
  const formId = params.get('form');
  const open = (id: string | null, next: 'edit' | 'results') =>
    setParams(id ? { view: next, form: id } : { view: next });
  const back = () => setParams({});
  return (
    <Stack gap="md" maw={1200}>
      {view ? (
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={back}
            data-testid="esg-back"
          >
            {t('esg:builder.back')}
          </Button>
        </Group>
      ) : null}
      {view === 'edit' ? (
        <EditForm id={formId} onDone={(saved) => (saved ? open(saved, 'edit') : back())} />
      ) : view === 'results' && formId ? (
        <EsgResultsView formId={formId} />
      ) : (
        <FormsList onOpen={open} />
      )}
    </Stack>
  );
}
