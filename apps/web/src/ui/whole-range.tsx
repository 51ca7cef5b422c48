import type { ReactNode } from 'react';

const KEEP_WHOLE = { whiteSpace: 'nowrap' } as const;
const MARK = '\u0000';

/** A date (or any short text) a narrow column breaks around, never inside. */
export function Whole({ children }: { children: ReactNode }) {
  return <span style={KEEP_WHOLE}>{children}</span>;
}

/**
 * A range as the catalog writes it ('{{from}} a {{to}}', 'du {{from}} au {{to}}') with each end kept on one line,
 * so a narrow column breaks between the two dates, never inside one ('25 -' / 'dezembro - 2026'). Non-breaking
 * spaces are not enough: a line may still break after a date's hyphen.
 */
export function WholeRange({
  format,
  from,
  to,
}: {
  /** The catalog's text with the two ends put in (`(from, to) => t(key, { from, to })`). */
  format: (from: string, to: string) => string;
  from: string;
  to: string;
}) {
  const [before = '', between = '', after = ''] = format(MARK, MARK).split(MARK);
  return (
    <>
      {before}
      <Whole>{from}</Whole>
      {between}
      <Whole>{to}</Whole>
      {after}
    </>
  );
}
