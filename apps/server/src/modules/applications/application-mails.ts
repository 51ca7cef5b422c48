import {
  type ApplicationIndicator,
  failedCriteriaTexts,
  formatDisplayDate,
  type Language,
  translate,
} from '@excelencia/domain';
import { layoutMail } from '../../platform/mail/layout.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import type { EditionRow } from './editions.service.ts';

/** '2.ª edição (2025)' in the language. */
export function editionLabel(edition: Pick<EditionRow, 'number' | 'year'>, language: Language): string {
  return translate(language, 'applications:editionName', { number: edition.number, year: edition.year });
}

export function formatMailDate(value: Date, language: Language): string {
  return formatDisplayDate(value, language);
}

/**
 * The lines of a refusal that name each criterion the application failed, in the language: its name, the
 * company's value and the threshold, then the criterion's recommendation. None when every criterion passed.
 */
export function failedCriteriaLines(
  indicators: readonly ApplicationIndicator[],
  language: Language,
): string[] {
  const failed = failedCriteriaTexts(indicators, language);
  if (failed.length === 0) return [];
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(language, `applications:mails.results.${key}`, params);
  return [
    t('failedIntro'),
    ...failed.flatMap((criterion) => [
      t('failedCriterion', { name: criterion.name, value: criterion.value, threshold: criterion.threshold }),
      ...(criterion.recommendation
        ? [t('recommendation', { recommendation: criterion.recommendation })]
        : []),
    ]),
  ];
}

type Kind = 'receipt' | 'returned' | 'results' | 'closed';

/** The lines of each mail after the greeting (keys of applications:mails.<kind>). */
const LINES: Record<Kind, (params: Record<string, string | number>) => string[]> = {
  receipt: () => ['intro', 'documents', 'next'],
  returned: () => ['intro', 'reason', 'action'],
  closed: () => ['intro', 'documents', 'action'],
  results: (params) => [
    params.distinguished === 1 ? 'distinguished' : 'notDistinguished',
    ...(params.distinguished !== 1 && params.reason ? ['reason'] : []),
    'action',
  ],
};

/**
 * An application mail in the recipient's language, text and HTML from the same catalog texts (escaped);
 * `details` (already in the language) follow its first line.
 */
export function applicationMail(
  kind: Kind,
  input: {
    to: string;
    name: string;
    language: Language;
    link: string;
    params: Record<string, string | number>;
    details?: readonly string[];
  },
): OutgoingMail {
  const { language } = input;
  const params = { ...input.params, name: input.name };
  const t = (key: string) => translate(language, `applications:mails.${kind}.${key}`, params);
  const [first = '', ...rest] = LINES[kind](params).map(t);
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: translate(language, 'applications:mails.greeting', params),
    lines: [first, ...(input.details ?? []), ...rest],
    link: input.link,
  });
}
