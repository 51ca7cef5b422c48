import {
  escapeHtml,
  type Language,
  type SealStatus,
  type SealVerification,
  translate,
} from '@excelencia/domain';

/** The badge's size in CSS pixels (the snippet the company copies gives the same to its <img>). */
const BADGE_WIDTH = 260;
const BADGE_HEIGHT = 64;

/**
 * Each status in its own colour and symbol, so the badge never looks valid when it is not: a check (valid), a
 * bar (expired), two bars (suspended), a cross (withdrawn). Each colour reaches 4.5:1 against white.
 */
const LOOKS: Record<SealStatus, { color: string; symbol: string }> = {
  valid: { color: '#1e6b30', symbol: '<path d="M-7 0 l5 5 l9 -10" />' },
  expired: { color: '#495057', symbol: '<path d="M-7 0 h14" />' },
  suspended: { color: '#8a3b00', symbol: '<path d="M-4 -7 v14 M4 -7 v14" />' },
  withdrawn: { color: '#c92a2a', symbol: '<path d="M-6 -6 l12 12 M6 -6 l-12 12" />' },
};

/**
 * The status badge a company puts on its own website: an SVG of BADGE_WIDTH × BADGE_HEIGHT saying, in the
 * language, "Excelência status", the status as the public check says it now and the seal's edition year, with an
 * accessible <title> naming the company it was issued to. Every text is escaped.
 */
export function sealBadgeSvg(check: SealVerification, language: Language): string {
  const look = LOOKS[check.status];
  const t = (key: string, params?: Record<string, string | number>) =>
    escapeHtml(translate(language, `applications:badge.${key}`, params));
  const edition = translate(language, 'applications:editionName', {
    number: check.editionNumber,
    year: check.editionYear,
  });
  const status = translate(language, `applications:sealStatuses.${check.status}`);
  const title = t('title', { status, edition, company: check.companyName });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-labelledby="badge-title" lang="${language}" data-status="${check.status}">`,
    `<title id="badge-title">${title}</title>`,
    `<rect x="1" y="1" width="${BADGE_WIDTH - 2}" height="${BADGE_HEIGHT - 2}" rx="8" fill="#ffffff" stroke="${look.color}" stroke-width="2" />`,
    `<rect x="1" y="1" width="56" height="${BADGE_HEIGHT - 2}" rx="8" fill="${look.color}" />`,
    `<rect x="40" y="1" width="17" height="${BADGE_HEIGHT - 2}" fill="${look.color}" />`,
    `<g transform="translate(29 32)" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">`,
    '<circle r="15" stroke-width="2" />',
    look.symbol,
    '</g>',
    `<g font-family="Arial, Helvetica, sans-serif" fill="#111111">`,
    `<text x="68" y="27" font-size="14" font-weight="700">${t('name')}</text>`,
    `<text x="68" y="47" font-size="12" font-weight="700" fill="${look.color}">${escapeHtml(status)} · ${check.editionYear}</text>`,
    '</g>',
    '</svg>',
  ].join('\n');
}
