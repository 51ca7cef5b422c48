import { formatDisplayDate, type Language, translate } from '@excelencia/domain';
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

/** An application mail in the recipient's language, text and HTML from the same catalog texts (escaped). */
export function applicationMail(
  kind: Kind,
  input: {
    to: string;
    name: string;
    language: Language;
    link: string;
    params: Record<string, string | number>;
  },
): OutgoingMail {
  const { language } = input;
  const params = { ...input.params, name: input.name };
  const t = (key: string) => translate(language, `applications:mails.${kind}.${key}`, params);
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: translate(language, 'applications:mails.greeting', params),
    lines: LINES[kind](params).map(t),
    link: input.link,
  });
}
