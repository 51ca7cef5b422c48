import {
  CONTENT_LENGTHS,
  type ContentPageKey,
  EventInput,
  type EventItem,
  formatContentDate,
  localized,
  PageInput,
  type PageItem,
  targetText,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCurrentEsgFormQuery } from '../../esg/queries.ts';
import { useActiveCriteriaQuery } from '../../reference/queries.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, publicationColumns } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, moveItem, type Trilingual, textIn } from '../components/content-values.ts';
import { PreviewMenu } from '../components/preview-menu.tsx';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
  publicationOf,
} from '../components/publication-control.tsx';
import { TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';
import { useContentList } from '../queries.ts';

// ---- the fixed pages (home blocks, eligibility text, sustainability survey) ------------------------------------

interface Highlight {
  title: Trilingual;
  text: Trilingual;
  link: string;
}

interface PageValues {
  title: Trilingual;
  body: Trilingual;
  hero: Trilingual;
  bannerText: Trilingual;
  bannerLink: string;
  bannerLinkLabel: Trilingual;
  highlights: Highlight[];
  publication: Publication;
}

/** The default titles of the fixed pages, in the three languages, for their first save. */
const DEFAULT_TITLES: Record<'home' | 'eligibility' | 'sustainability-survey', Trilingual> = {
  home: { pt: 'Início', en: 'Home', fr: 'Accueil' },
  eligibility: {
    pt: 'Critérios de elegibilidade',
    en: 'Eligibility criteria',
    fr: "Critères d'éligibilité",
  },
  'sustainability-survey': {
    pt: 'Inquérito de sustentabilidade',
    en: 'Sustainability survey',
    fr: 'Enquête de durabilité',
  },
};

type SectionKey = keyof typeof DEFAULT_TITLES;

function pageValues(key: SectionKey, item: PageItem | undefined): PageValues {
  const home = item?.home;
  return {
    title: item?.title ?? { ...DEFAULT_TITLES[key] },
    body: item?.body ?? { ...EMPTY_TRILINGUAL },
    hero: home?.hero ?? { ...EMPTY_TRILINGUAL },
    bannerText: home?.banner.text ?? { ...EMPTY_TRILINGUAL },
    bannerLink: home?.banner.link ?? '',
    bannerLinkLabel: home?.banner.linkLabel ?? { ...EMPTY_TRILINGUAL },
    highlights: home?.highlights ?? [],
    publication: publicationOf(item),
  };
}

function pagePayload(key: ContentPageKey) {
  return (values: PageValues) => ({
    key,
    title: values.title,
    body: values.body,
    home:
      key === 'home'
        ? {
            hero: values.hero,
            banner: { text: values.bannerText, link: values.bannerLink, linkLabel: values.bannerLinkLabel },
            highlights: values.highlights,
          }
        : null,
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  });
}

/** A block of the screen: its heading and what it holds. */
function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={`block-${id}`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function HighlightsField({
  form,
}: {
  form: UseFormReturnType<PageValues, PageValues, (values: PageValues) => FormErrors>;
}) {
  const t = useTranslate();
  const highlights = form.getValues().highlights;
  const set = (next: Highlight[]) => form.setFieldValue('highlights', next);
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('contentAdmin:home.highlights')}</Text>
      {highlights.map((_, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of an unsaved entry
          <Paper key={index} withBorder p="sm" data-testid={`highlight-${index}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('contentAdmin:home.highlight', { n })}</Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('contentAdmin:actions.moveUp')} (${n})`}
                    disabled={index === 0}
                    onClick={() => set(moveItem(highlights, index, -1))}
                  >
                    <IconArrowUp size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('contentAdmin:actions.moveDown')} (${n})`}
                    disabled={index === highlights.length - 1}
                    onClick={() => set(moveItem(highlights, index, 1))}
                  >
                    <IconArrowDown size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('contentAdmin:home.removeHighlight', { n })}
                    onClick={() => set(highlights.filter((__, other) => other !== index))}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
              <TrilingualField
                form={form}
                path={`highlights.${index}.title`}
                label={t('contentAdmin:home.highlightTitle')}
                maxLength={CONTENT_LENGTHS.title}
              />
              <TrilingualField
                form={form}
                path={`highlights.${index}.text`}
                label={t('contentAdmin:home.highlightText')}
                kind="textarea"
                maxLength={CONTENT_LENGTHS.summary}
                required={false}
              />
              <TextInput
                label={t('contentAdmin:home.bannerLink')}
                placeholder="/pt/public/candidaturas"
                maxLength={CONTENT_LENGTHS.url}
                w={{ base: '100%', sm: 480 }}
                {...form.getInputProps(`highlights.${index}.link`)}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={highlights.length >= CONTENT_LENGTHS.highlights}
          onClick={() =>
            set([...highlights, { title: { ...EMPTY_TRILINGUAL }, text: { ...EMPTY_TRILINGUAL }, link: '' }])
          }
          data-testid="highlight-add"
        >
          {t('contentAdmin:home.addHighlight')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The thresholds of the application criteria, read from the reference data (never copied into the text). */
function Thresholds() {
  const t = useTranslate();
  const language = useLanguage();
  const active = useActiveCriteriaQuery();
  const applicationCriteria = active.data
    ?.filter((criterion) => criterion.isApplicationCriterion)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <Paper withBorder p="sm" bg="gray.0" data-testid="criteria-thresholds">
      <Stack gap="xs">
        <Text fw={600}>{t('contentAdmin:home.thresholds')}</Text>
        {active.isPending ? <Loader size="sm" aria-label={t('common:loading')} /> : null}
        {active.isError ? (
          <Text size="sm" c="red.9">
            {t('contentAdmin:loadFailed')}
          </Text>
        ) : null}
        {applicationCriteria && applicationCriteria.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('contentAdmin:home.noThresholds')}
          </Text>
        ) : null}
        {applicationCriteria && applicationCriteria.length > 0 ? (
          <List size="sm" spacing={4}>
            {applicationCriteria.map((criterion) => (
              <List.Item key={criterion.id}>
                {localized(criterion.description, language)}{' '}
                <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {targetText({ comparison: criterion.targetComparison, value: criterion.targetValue })}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The current ESG form the survey item links to, as the public reads it. */
function CurrentEsgForm() {
  const t = useTranslate();
  const language = useLanguage();
  const current = useCurrentEsgFormQuery();
  if (current.isPending) return <Loader size="sm" aria-label={t('common:loading')} />;
  if (!current.data) {
    return (
      <Alert variant="light" color="gray.7" data-testid="survey-none">
        {t('contentAdmin:home.surveyNone')}
      </Alert>
    );
  }
  return (
    <Alert variant="light" data-testid="survey-current">
      <Text size="sm" fw={600}>
        {t('contentAdmin:home.surveyCurrent', { title: localized(current.data.title, language) })}
      </Text>
      <Text size="sm">{localized(current.data.description, language)}</Text>
    </Alert>
  );
}

/** The payload nests the home blocks; the form keeps them flat: an error of the payload goes under its field. */
function flattenHomeErrors(errors: Record<string, string>) {
  for (const [path, message] of Object.entries(errors)) {
    const flat = path
      .replace(/^home\.hero/, 'hero')
      .replace(/^home\.banner\.text/, 'bannerText')
      .replace(/^home\.banner\.link$/, 'bannerLink')
      .replace(/^home\.banner\.linkLabel/, 'bannerLinkLabel')
      .replace(/^home\.highlights/, 'highlights');
    if (flat !== path) errors[flat] = message;
  }
}

/** One fixed page's form (found by its key): created on its first save, then updated. */
function PageSection({ pageKey, item }: { pageKey: SectionKey; item: PageItem | undefined }) {
  const t = useTranslate();
  const toPayload = useMemo(() => pagePayload(pageKey), [pageKey]);
  const { form, submit, saving } = useContentForm({
    kind: 'pages',
    item,
    initialValues: pageValues(pageKey, item),
    schema: PageInput,
    toPayload,
    onSaved: () => undefined,
    adjustErrors: flattenHomeErrors,
  });
  const textBlock =
    pageKey === 'eligibility' ? (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
          <Thresholds />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }}>
          <TrilingualField
            form={form}
            path="body"
            label={t('contentAdmin:home.criteriaText')}
            hint={t('contentAdmin:home.criteriaHint')}
            kind="rich"
            required={false}
          />
        </Grid.Col>
      </Grid>
    ) : pageKey === 'sustainability-survey' ? (
      <>
        <CurrentEsgForm />
        <TrilingualField
          form={form}
          path="body"
          label={t('contentAdmin:home.surveyText')}
          hint={t('contentAdmin:home.surveyHint')}
          kind="rich"
          required={false}
        />
      </>
    ) : (
      <>
        <TrilingualField
          form={form}
          path="hero"
          label={t('contentAdmin:home.hero')}
          kind="textarea"
          maxLength={CONTENT_LENGTHS.summary}
          required={false}
        />
        <TrilingualField
          form={form}
          path="bannerText"
          label={t('contentAdmin:home.bannerText')}
          kind="textarea"
          maxLength={CONTENT_LENGTHS.summary}
          required={false}
        />
        <TextInput
          label={t('contentAdmin:home.bannerLink')}
          placeholder="/pt/public/candidaturas"
          maxLength={CONTENT_LENGTHS.url}
          w={{ base: '100%', sm: 480 }}
          {...form.getInputProps('bannerLink')}
          data-testid="banner-link"
        />
        <TrilingualField
          form={form}
          path="bannerLinkLabel"
          label={t('contentAdmin:home.bannerLinkLabel')}
          maxLength={CONTENT_LENGTHS.label}
          required={false}
        />
        <HighlightsField form={form} />
      </>
    );
  return (
    <form onSubmit={submit} noValidate data-testid={`page-form-${pageKey}`}>
      <Stack gap="md">
        <TrilingualField
          form={form}
          path="title"
          label={t('contentAdmin:home.heroTitle')}
          maxLength={CONTENT_LENGTHS.title}
        />
        {textBlock}
        <PublicationControl {...publicationFieldProps(form)} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            type="submit"
            loading={saving}
            leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            data-testid={`page-save-${pageKey}`}
          >
            {t('contentAdmin:actions.save')}
          </Button>
          <PreviewMenu kind="pages" id={item?.id ?? null} />
        </Group>
      </Stack>
    </form>
  );
}

// ---- events ------------------------------------------------------------------------------------------------------

interface EventValues {
  title: Trilingual;
  date: string;
  place: Trilingual;
  description: Trilingual;
  publication: Publication;
}

function eventValues(item: EventItem | undefined): EventValues {
  return {
    title: item?.title ?? { ...EMPTY_TRILINGUAL },
    date: item?.date ?? '',
    place: item?.place ?? { ...EMPTY_TRILINGUAL },
    description: item?.description ?? { ...EMPTY_TRILINGUAL },
    publication: publicationOf(item),
  };
}

function eventPayload(values: EventValues) {
  return {
    title: values.title,
    date: values.date,
    place: values.place,
    description: values.description,
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

function EventForm({ item, onDone }: { item: EventItem | undefined; onDone: (id: string | null) => void }) {
  const t = useTranslate();
  const { form, submit, saving } = useContentForm({
    kind: 'events',
    item,
    initialValues: eventValues(item),
    schema: EventInput,
    toPayload: eventPayload,
    onSaved: (saved) => onDone(saved.id),
  });
  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:events.editTitle' : 'contentAdmin:events.new')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving}
      preview={{ kind: 'events', id: item?.id ?? null }}
      testId="event-editor"
    >
      <TrilingualField
        form={form}
        path="title"
        label={t('contentAdmin:events.name')}
        maxLength={CONTENT_LENGTHS.title}
      />
      <DateField
        label={t('contentAdmin:events.date')}
        required
        w={{ base: '100%', xs: 220 }}
        {...form.getInputProps('date')}
        data-testid="event-date"
      />
      <TrilingualField
        form={form}
        path="place"
        label={t('contentAdmin:events.place')}
        maxLength={CONTENT_LENGTHS.title}
      />
      <TrilingualField
        form={form}
        path="description"
        label={t('contentAdmin:events.description')}
        kind="rich"
      />
      <PublicationControl {...publicationFieldProps(form)} />
    </EditorFrame>
  );
}

function EventEditor({ id, onDone }: { id: string; onDone: (id: string | null) => void }) {
  return (
    <LoadedItem kind="events" id={id}>
      {(item, key) => <EventForm key={key} item={item} onDone={onDone} />}
    </LoadedItem>
  );
}

function EventsBlock() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam('event');
  const columns = useMemo<ContentColumn<EventItem>[]>(
    () => [
      {
        key: 'eventDate',
        label: t('contentAdmin:events.date'),
        render: (item) => formatContentDate(item.date, language),
        sortKey: 'eventDate',
        sortValue: (item) => item.date,
      },
      {
        key: 'title',
        label: t('contentAdmin:events.name'),
        render: (item) => textIn(item.title, language),
        sortKey: 'title',
        sortValue: (item) => textIn(item.title, language).toLocaleLowerCase(language),
      },
      {
        key: 'place',
        label: t('contentAdmin:events.place'),
        render: (item) => textIn(item.place, language),
      },
      ...publicationColumns<EventItem>(t, language).filter((column) => column.key !== 'date'),
    ],
    [t, language],
  );
  if (edit) return <EventEditor id={edit} onDone={setEdit} />;
  return (
    <ContentList
      kind="events"
      label={t('contentAdmin:events.listLabel')}
      columns={columns}
      nameOf={(item) => textIn(item.title, language)}
      onEdit={setEdit}
      onNew={() => setEdit('new')}
      newLabel={t('contentAdmin:events.new')}
      defaultSort="eventDate"
      defaultOrder="desc"
    />
  );
}

/**
 * /admin/content-managment/home-content: the home page's hero text, banner and highlights, the events, the
 * public text of the eligibility criteria (beside the thresholds of the reference data) and the sustainability
 * survey item (linking to the current ESG form's description).
 */
export function HomeContentPage() {
  const t = useTranslate();
  const pages = useContentList('pages');
  const byKey = (key: SectionKey) => pages.data?.find((page) => page.key === key);
  const sections: { key: SectionKey; id: string; title: string }[] = [
    { key: 'home', id: 'home-blocks', title: t('contentAdmin:home.hero') },
    { key: 'eligibility', id: 'eligibility', title: t('contentAdmin:home.criteria') },
    { key: 'sustainability-survey', id: 'survey', title: t('contentAdmin:home.survey') },
  ];
  return (
    <Stack gap="lg">
      <Text c="gray.7">{t('contentAdmin:home.intro')}</Text>
      <Text size="sm" c="gray.7">
        {t('contentAdmin:fallbackNote')}
      </Text>
      {pages.isPending ? <Loader aria-label={t('common:loading')} /> : null}
      {pages.isError ? (
        <Alert color="red.9" role="alert">
          {t('contentAdmin:loadFailed')}
        </Alert>
      ) : null}
      {pages.data ? (
        <>
          <Block id={sections[0]?.id ?? ''} title={sections[0]?.title ?? ''}>
            <PageSection key={byKey('home')?.version ?? 0} pageKey="home" item={byKey('home')} />
          </Block>
          <Block id="events" title={t('contentAdmin:events.title')}>
            <EventsBlock />
          </Block>
          {sections.slice(1).map((section) => {
            const item = byKey(section.key);
            return (
              <Block key={section.key} id={section.id} title={section.title}>
                <PageSection key={item?.version ?? 0} pageKey={section.key} item={item} />
              </Block>
            );
          })}
        </>
      ) : null}
    </Stack>
  );
}
