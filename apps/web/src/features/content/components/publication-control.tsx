import { isoToPortalDateTime, portalDateTimeToIso } from '@excelencia/domain';
import { Fieldset, Group, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { DateTimeField } from '../../../ui/form/date-fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';

export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export interface Publication {
  status: PublicationStatus;
  /** ISO instant: when a scheduled item goes public, or the date a published item carries. */
  publishedAt: string | null;
}

/** A stored item's publication, or a new item's: published at once unless told otherwise. */
export function publicationOf(
  item: Publication | undefined,
  fallback: Publication = { status: 'published', publishedAt: null },
): Publication {
  return item ? { status: item.status, publishedAt: item.publishedAt } : { ...fallback };
}

/** What is wrong with a publication before it is sent: a scheduled item needs a moment in the future. */
export function publicationProblem(value: Publication, now: Date = new Date()): string | null {
  if (value.status !== 'scheduled') return null;
  if (!value.publishedAt) return 'contentAdmin:publication.whenRequired';
  if (new Date(value.publishedAt).getTime() <= now.getTime()) return 'contentAdmin:publication.whenInPast';
  return null;
}

/**
 * Draft, scheduled or published, with the date and time: a scheduled item asks when it goes public (required,
 * in the future); a published one may carry its date (now when left empty); a draft has none.
 */
export function PublicationControl({
  value,
  onChange,
  error,
}: {
  value: Publication;
  onChange: (next: Publication) => void;
  /** A catalog key or text shown under the date (the form's or the server's). */
  error?: string | null;
}) {
  const t = useTranslate();
  const dateId = useId();
  const problem = error ?? null;
  const setStatus = (status: string) => {
    const next = status as PublicationStatus;
    onChange({ status: next, publishedAt: next === 'draft' ? null : value.publishedAt });
  };
  return (
    <Fieldset legend={t('contentAdmin:publication.title')} data-testid="publication">
      <Stack gap="sm">
        <Radio.Group
          label={t('contentAdmin:publication.status')}
          value={value.status}
          onChange={setStatus}
          data-testid="publication-status"
        >
          <Group gap="lg" mt={6}>
            {PUBLICATION_STATUSES.map((status) => (
              <Radio
                key={status}
                value={status}
                label={t(`contentAdmin:status.${status}`)}
                data-testid={`publication-status-${status}`}
              />
            ))}
          </Group>
        </Radio.Group>
        {value.status === 'draft' ? (
          <Text size="sm" c="gray.7">
            {t('contentAdmin:publication.draftHint')}
          </Text>
        ) : (
          <Group align="flex-end" gap="sm">
            <DateTimeField
              id={dateId}
              label={t(
                value.status === 'scheduled'
                  ? 'contentAdmin:publication.when'
                  : 'contentAdmin:publication.date',
              )}
              description={t(
                value.status === 'scheduled'
                  ? 'contentAdmin:publication.whenHint'
                  : 'contentAdmin:publication.dateHint',
              )}
              required={value.status === 'scheduled'}
              // Cabo Verde's clock, whatever the computer's time zone.
              value={value.publishedAt ? isoToPortalDateTime(value.publishedAt) : ''}
              onChange={(wallClock: string) => {
                const iso = portalDateTimeToIso(wallClock);
                onChange({ status: value.status, publishedAt: iso ? new Date(iso).toISOString() : null });
              }}
              error={problem ? t(problem) : undefined}
              w={{ base: '100%', xs: 280 }}
              data-testid="publication-date"
            />
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** The control's props bound to a form's `publication` field (its value, its change, its error). */
export function publicationFieldProps<V extends { publication: Publication }>(form: UseFormReturnType<V>) {
  return {
    value: form.getValues().publication,
    onChange: (publication: Publication) => {
      form.setFieldValue('publication', publication as never);
      form.clearFieldError('publication');
    },
    error: (form.errors.publication as string | undefined) ?? null,
  };
}
