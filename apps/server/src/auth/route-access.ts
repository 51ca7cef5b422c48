import type { Role } from '@excelencia/domain';

/**
 * Who may call a route: the `config` presets the guard reads (ADR 0005). A route of a company's data also checks,
 * in its service, that the caller is one of that company's people (policies/company-access.ts).
 */
export const PUBLIC = { roles: 'public' as const };
/** Public, and the same for every visitor: kept for a few seconds once made (platform/public-answers.ts). */
export const PUBLIC_ANSWER = { ...PUBLIC, publicAnswer: true as const };
export const ADMIN = { roles: ['admin'] as Role[] };
/** A company's own people and the admins. */
export const MEMBERS = { roles: ['admin', 'company'] as Role[] };
