import { type PublicFaqItem, stripHtml } from '@excelencia/domain';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { everyFaqQuery } from '../queries.ts';
import { FallbackNote, LoadFailed } from './content-ui.tsx';
import classes from './faq-list.module.css';
import { RichText } from './rich-text.tsx';

/** Lower case without accents, for a search that finds 'balancete' in 'Balancetes' and 'credito' in 'crédito'. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The items whose question or answer contains every word of `query`. */
export function filterFaq<T extends Pick<PublicFaqItem, 'question' | 'answer'>>(
  items: T[],
  query: string,
): T[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = searchable(`${item.question} ${stripHtml(item.answer)}`);
    return words.every((word) => text.includes(word));
  });
}

interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  category: string;
  /** HTML from the content manager, or plain text from the catalog. */
  rich: boolean;
  language?: PublicFaqItem['language'];
}

/** The catalog's four questions, for a site whose content manager has no FAQ yet. */
const CATALOG_QUESTIONS = ['1', '2', '3', '4'] as const;

/**
 * The FAQ: questions grouped by category in the content manager's order, each a native <details> so the answer
 * is in the page and opens without JavaScript. The search filters the loaded questions as one types; without
 * JavaScript it is a form that reloads the page with `?q=`, which the page filters the same way.
 */
export function FaqList() {
  const t = useTranslate();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const faq = useQuery(everyFaqQuery(language));

  const entries: FaqEntry[] = useMemo(() => {
    const items = faq.data ?? [];
    if (items.length > 0) return items.map((item) => ({ ...item, rich: true }));
    if (!faq.data) return [];
    return CATALOG_QUESTIONS.map((n) => ({
      id: `catalog-${n}`,
      question: t(`pages:faq.q${n}`),
      answer: t(`pages:faq.a${n}`),
      category: '',
      rich: false,
    }));
  }, [faq.data, t]);

  const shown = filterFaq(entries, query);
  const groups: { category: string; items: FaqEntry[] }[] = [];
  for (const entry of shown) {
    const group = groups.find((candidate) => candidate.category === entry.category);
    if (group) group.items.push(entry);
    else groups.push({ category: entry.category, items: [entry] });
  }
  const hasCategories = groups.some((group) => group.category !== '');

  const onChange = (value: string) => {
    setQuery(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <Stack gap="lg">
      <search className={classes.search}>
        <form method="get" onSubmit={onSubmit}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              type="search"
              name="q"
              label={t('contentPublic:faq.search')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={query}
              onChange={(event) => onChange(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="faq-search"
            />
            <Button type="submit" variant="default">
              {t('contentPublic:faq.searchButton')}
            </Button>
          </Group>
        </form>
      </search>
      <FallbackNote missing={(faq.data ?? []).some((item) => item.missing)} />
      {faq.isError && !faq.data ? <LoadFailed onRetry={() => void faq.refetch()} /> : null}
      {faq.isPending ? <Text c="gray.7">{t('contentPublic:loading')}</Text> : null}
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="faq-count">
        {query.trim() && shown.length === 0
          ? t('contentPublic:faq.noMatch', { q: query.trim() })
          : query.trim()
            ? t('contentPublic:faq.matches', { count: shown.length })
            : ''}
      </Text>
      {groups.map((group) => (
        <Stack key={group.category || '-'} component="section" gap="sm" data-testid="faq-group">
          {hasCategories ? (
            <Title order={2} size="h3">
              {group.category || t('contentPublic:faq.other')}
            </Title>
          ) : null}
          {group.items.map((entry) => (
            <details key={entry.id} className={classes.item} lang={entry.language} data-testid="faq-item">
              <summary className={classes.question}>
                <span>{entry.question}</span>
                <IconChevronDown size={18} aria-hidden="true" className={classes.chevron} />
              </summary>
              <div className={classes.answer}>
                {entry.rich ? <RichText html={entry.answer} /> : <Text>{entry.answer}</Text>}
              </div>
            </details>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
