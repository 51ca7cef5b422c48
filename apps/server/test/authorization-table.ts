/**
 * Who may call each operation of the OpenAPI document (GET /app/api/v1/docs/json), and what each of eight callers
 * gets. authorization.test.ts runs every row against the real app, with path parameters naming company A's data
 * (its id, its balance sheets, diagnoses, applications, ESG answers…), partner entity X's, or spare rows an admin
 * may change; a route of the document missing here, or a row whose route is gone, fails that test by name.
 *
 * Callers: a visitor (no session), company A's owner (`companyA`), its accountant and its viewer (accounts linked
 * to company A with those roles, docs/adr/0028-company-teams.md), a user of company B, a partner user of entity X
 * (which assists company A with its consent), a partner user of entity Y (which assists company B), and an admin.
 * On company A's data the accountant and the viewer read what its owner reads; the accountant also prepares (trial
 * balances, diagnoses, the application's documents) and the viewer may not; neither does the owner's acts (profile,
 * consents, ESG answers, submitting). Where company A's owner may call a `companies/{…}` route, their 403 is the
 * role error (code `company_role`), which authorization.test.ts checks.
 *
 * Outcomes:
 * - 'ok': 2xx or 3xx, the call went through.
 * - 'allowed': passed every access check; the answer may be a domain 4xx (400, 404, 409, 429) because the
 *   test's request is not a complete one for that caller (e.g. an admin-only write sent a minimal body). Never
 *   401 or 403.
 * - 'unauthenticated': 401 (no session).
 * - 'forbidden': 403 (signed in without the role, or a member of the company whose role does not allow it).
 * - 'not-found': 404 for somebody else's data (another company's id reveals nothing).
 *
 * Adding a route: add its `METHOD path` (the path as the OpenAPI document writes it, e.g.
 * 'GET /app/api/v1/companies/{companyId}/things/{id}') with one of the shapes below, or spell out the eight
 * outcomes; then, if the route needs a body, a file or ids other than the usual ones, add its request to
 * REQUESTS in authorization.test.ts.
 */

export const ACTORS = [
  'visitor',
  'companyA',
  'companyAAccountant',
  'companyAViewer',
  'companyB',
  'partnerX',
  'partnerY',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Outcome = 'ok' | 'allowed' | 'unauthenticated' | 'forbidden' | 'not-found';
export type Expected = Readonly<Record<Actor, Outcome>>;

/** Anyone, signed in or not. */
const PUBLIC: Expected = {
  visitor: 'ok',
  companyA: 'ok',
  companyAAccountant: 'ok',
  companyAViewer: 'ok',
  companyB: 'ok',
  partnerX: 'ok',
  partnerY: 'ok',
  admin: 'ok',
};
/**
 * Public, answering anyone alike with a domain 4xx for the test's made-up token or code (404, 400, 410), or 429
 * once the per-address limit of a public write is reached.
 */
const PUBLIC_LOOKUP: Expected = {
  visitor: 'allowed',
  companyA: 'allowed',
  companyAAccountant: 'allowed',
  companyAViewer: 'allowed',
  companyB: 'allowed',
  partnerX: 'allowed',
  partnerY: 'allowed',
  admin: 'allowed',
};
/** Any signed-in user, about themselves. */
const SIGNED_IN: Expected = { ...PUBLIC, visitor: 'unauthenticated' };
/** Admins only (reads). */
const ADMIN: Expected = {
  visitor: 'unauthenticated',
  companyA: 'forbidden',
  companyAAccountant: 'forbidden',
  companyAViewer: 'forbidden',
  companyB: 'forbidden',
  partnerX: 'forbidden',
  partnerY: 'forbidden',
  admin: 'ok',
};
/** Admins only; the test's body is minimal, so the admin's answer may be a 400 or 409. */
const ADMIN_WRITE: Expected = { ...ADMIN, admin: 'allowed' };
/**
 * Signed-in users about their own account (company A's owner's e-mail or id here); admins about anyone's. Company
 * A's other members are not that account.
 */
const OWN_OR_ADMIN: Expected = {
  visitor: 'unauthenticated',
  companyA: 'ok',
  companyAAccountant: 'forbidden',
  companyAViewer: 'forbidden',
  companyB: 'forbidden',
  partnerX: 'forbidden',
  partnerY: 'forbidden',
  admin: 'ok',
};
/** Company users, about the companies they act for. */
const COMPANY: Expected = {
  visitor: 'unauthenticated',
  companyA: 'ok',
  companyAAccountant: 'ok',
  companyAViewer: 'ok',
  companyB: 'ok',
  partnerX: 'forbidden',
  partnerY: 'forbidden',
  admin: 'forbidden',
};
/**
 * Company A's data to read: its members in any role and admins; company B learns nothing (404); partners have no
 * such role.
 */
const COMPANY_A: Expected = {
  visitor: 'unauthenticated',
  companyA: 'ok',
  companyAAccountant: 'ok',
  companyAViewer: 'ok',
  companyB: 'not-found',
  partnerX: 'forbidden',
  partnerY: 'forbidden',
  admin: 'ok',
};
/**
 * Company A's data, where the state the test leaves it in makes its members' call a domain 409 or 404 (a second
 * application to one edition, submitting an incomplete one, a seal it has not been granted); B still gets 404.
 */
const COMPANY_A_STATE: Expected = {
  ...COMPANY_A,
  companyA: 'allowed',
  companyAAccountant: 'allowed',
  companyAViewer: 'allowed',
  admin: 'allowed',
};
/** Company A's figures and documents to change ('prepare'): its owner and accountant, not its viewer; admins. */
const COMPANY_A_PREPARE: Expected = { ...COMPANY_A, companyAViewer: 'forbidden' };
/** Company A's owner's acts ('own': its profile and name): neither its accountant nor its viewer; admins. */
const COMPANY_A_OWN: Expected = {
  ...COMPANY_A,
  companyAAccountant: 'forbidden',
  companyAViewer: 'forbidden',
};
/** The same for every company user and admins (the balance tree to fill in). */
const COMPANIES_AND_ADMIN: Expected = { ...COMPANY_A, companyB: 'ok' };
/** Company A's own acts (answering its ESG form, its consents), its owner's: not even admins. */
const COMPANY_A_ONLY: Expected = { ...COMPANY_A_OWN, admin: 'forbidden' };
/**
 * Company A's team, its owner's: the test's call is one the owner may make (an invitation) or a domain 404/409
 * (an unknown member or invitation); admins likewise; any other member of A is refused by role.
 */
const COMPANY_A_TEAM: Expected = { ...COMPANY_A_OWN, companyA: 'allowed', admin: 'allowed' };
/** Partner users, about their own entity. */
const PARTNER: Expected = {
  visitor: 'unauthenticated',
  companyA: 'forbidden',
  companyAAccountant: 'forbidden',
  companyAViewer: 'forbidden',
  companyB: 'forbidden',
  partnerX: 'ok',
  partnerY: 'ok',
  admin: 'forbidden',
};
/** Entity X's data (a company it assists, its own API token): entity Y learns nothing (404). */
const PARTNER_X: Expected = { ...PARTNER, partnerY: 'not-found' };
/** Admins and partner users (published results of an edition). */
const ADMIN_OR_PARTNER: Expected = { ...PARTNER, admin: 'ok' };

export const AUTHORIZATION_TABLE: Readonly<Record<string, Expected>> = {
  'GET /auth/login': PUBLIC,
  // Redirects: to the provider's password page, or (no sign-in under way) back to the sign-in page.
  'GET /auth/change-password': PUBLIC,
  // Redirects to the provider's two-factor enrolment or removal (kc_action), like the password change.
  'GET /auth/two-factor': PUBLIC,
  'GET /auth/two-factor/remove': PUBLIC,
  'GET /auth/callback': PUBLIC,
  'GET /auth/session': PUBLIC,
  'GET /auth/csrf': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/session/extend': SIGNED_IN,
  'GET /auth/logout/end': PUBLIC,
  'GET /app/api/v1/health': PUBLIC,
  'GET /app/api/v1/health/ready': PUBLIC,
  'GET /app/api/v1/accounts/by-email/{email}': OWN_OR_ADMIN,
  'GET /app/api/v1/accounts/{id}': ADMIN,
  'GET /app/api/v1/accounts/{id}/profile-pictures': OWN_OR_ADMIN,
  'GET /app/api/v1/company-details/by-email/{email}': OWN_OR_ADMIN,
  'GET /app/api/v1/me': SIGNED_IN,
  'GET /app/api/v1/me/data-export': SIGNED_IN,
  'GET /app/api/v1/me/companies': COMPANY,
  'GET /app/api/v1/me/companies/overview': COMPANY,
  'PUT /app/api/v1/me/language': SIGNED_IN,
  'GET /app/api/v1/company-types': ADMIN,
  'POST /app/api/v1/company-types': ADMIN_WRITE,
  'GET /app/api/v1/company-types/export': ADMIN,
  'GET /app/api/v1/company-types/{id}': ADMIN,
  'PUT /app/api/v1/company-types/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/company-types/{id}': ADMIN_WRITE,
  'GET /app/api/v1/employee-ranges': ADMIN,
  'POST /app/api/v1/employee-ranges': ADMIN_WRITE,
  'GET /app/api/v1/employee-ranges/export': ADMIN,
  'GET /app/api/v1/employee-ranges/{id}': ADMIN,
  'PUT /app/api/v1/employee-ranges/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/employee-ranges/{id}': ADMIN_WRITE,
  'GET /app/api/v1/cae-sections': ADMIN,
  'POST /app/api/v1/cae-sections': ADMIN_WRITE,
  'GET /app/api/v1/cae-sections/export': ADMIN,
  'GET /app/api/v1/cae-sections/{id}': ADMIN,
  'PUT /app/api/v1/cae-sections/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/cae-sections/{id}': ADMIN_WRITE,
  'GET /app/api/v1/cae-divisions': ADMIN,
  'POST /app/api/v1/cae-divisions': ADMIN_WRITE,
  'GET /app/api/v1/cae-divisions/export': ADMIN,
  'GET /app/api/v1/cae-divisions/{id}': ADMIN,
  'PUT /app/api/v1/cae-divisions/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/cae-divisions/{id}': ADMIN_WRITE,
  'GET /app/api/v1/islands': ADMIN,
  'POST /app/api/v1/islands': ADMIN_WRITE,
  'GET /app/api/v1/islands/export': ADMIN,
  'GET /app/api/v1/islands/{id}': ADMIN,
  'PUT /app/api/v1/islands/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/islands/{id}': ADMIN_WRITE,
  'GET /app/api/v1/cities': ADMIN,
  'POST /app/api/v1/cities': ADMIN_WRITE,
  'GET /app/api/v1/cities/export': ADMIN,
  'GET /app/api/v1/cities/{id}': ADMIN,
  'PUT /app/api/v1/cities/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/cities/{id}': ADMIN_WRITE,
  'GET /app/api/v1/criterion-types': ADMIN,
  'POST /app/api/v1/criterion-types': ADMIN_WRITE,
  'GET /app/api/v1/criterion-types/export': ADMIN,
  'GET /app/api/v1/criterion-types/{id}': ADMIN,
  'PUT /app/api/v1/criterion-types/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/criterion-types/{id}': ADMIN_WRITE,
  'GET /app/api/v1/criteria': ADMIN,
  'POST /app/api/v1/criteria': ADMIN_WRITE,
  'GET /app/api/v1/criteria/export': ADMIN,
  'GET /app/api/v1/criteria/{id}': ADMIN,
  'PUT /app/api/v1/criteria/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/criteria/{id}': ADMIN_WRITE,
  'GET /app/api/v1/company-situations': ADMIN,
  'POST /app/api/v1/company-situations': ADMIN_WRITE,
  'GET /app/api/v1/company-situations/export': ADMIN,
  'GET /app/api/v1/company-situations/{id}': ADMIN,
  'PUT /app/api/v1/company-situations/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/company-situations/{id}': ADMIN_WRITE,
  'GET /app/api/v1/partner-types': ADMIN,
  'POST /app/api/v1/partner-types': ADMIN_WRITE,
  'GET /app/api/v1/partner-types/export': ADMIN,
  'GET /app/api/v1/partner-types/{id}': ADMIN,
  'PUT /app/api/v1/partner-types/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/partner-types/{id}': ADMIN_WRITE,
  'GET /app/api/v1/partner-entities': ADMIN,
  'POST /app/api/v1/partner-entities': ADMIN_WRITE,
  'GET /app/api/v1/partner-entities/export': ADMIN,
  'GET /app/api/v1/partner-entities/{id}': ADMIN,
  'PUT /app/api/v1/partner-entities/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/partner-entities/{id}': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/headings': ADMIN,
  'POST /app/api/v1/self-diagnosis/headings': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/headings/export': ADMIN,
  'GET /app/api/v1/self-diagnosis/headings/{id}': ADMIN,
  'PUT /app/api/v1/self-diagnosis/headings/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/self-diagnosis/headings/{id}': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/sub-headings': ADMIN,
  'POST /app/api/v1/self-diagnosis/sub-headings': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/sub-headings/export': ADMIN,
  'GET /app/api/v1/self-diagnosis/sub-headings/{id}': ADMIN,
  'PUT /app/api/v1/self-diagnosis/sub-headings/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/self-diagnosis/sub-headings/{id}': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/categories': ADMIN,
  'POST /app/api/v1/self-diagnosis/categories': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/categories/export': ADMIN,
  'GET /app/api/v1/self-diagnosis/categories/{id}': ADMIN,
  'PUT /app/api/v1/self-diagnosis/categories/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/self-diagnosis/categories/{id}': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/sub-categories': ADMIN,
  'POST /app/api/v1/self-diagnosis/sub-categories': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/sub-categories/export': ADMIN,
  'GET /app/api/v1/self-diagnosis/sub-categories/{id}': ADMIN,
  'PUT /app/api/v1/self-diagnosis/sub-categories/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/self-diagnosis/sub-categories/{id}': ADMIN_WRITE,
  'GET /app/api/v1/self-diagnosis/tree': ADMIN,
  'POST /app/api/v1/criteria/validate-formula': ADMIN_WRITE,
  'GET /app/api/v1/users': ADMIN,
  'POST /app/api/v1/users': ADMIN_WRITE,
  'GET /app/api/v1/users/export': ADMIN,
  'GET /app/api/v1/users/{id}': ADMIN,
  'PUT /app/api/v1/users/{id}': ADMIN_WRITE,
  'POST /app/api/v1/users/{id}/activate': ADMIN_WRITE,
  'POST /app/api/v1/users/{id}/deactivate': ADMIN_WRITE,
  'GET /app/api/v1/partners': ADMIN,
  'POST /app/api/v1/partners': ADMIN_WRITE,
  'GET /app/api/v1/partners/export': ADMIN,
  'GET /app/api/v1/partners/{id}': ADMIN,
  'PUT /app/api/v1/partners/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/partners/{id}': ADMIN_WRITE,
  'POST /app/api/v1/partners/{id}/activate': ADMIN_WRITE,
  'POST /app/api/v1/partners/{id}/deactivate': ADMIN_WRITE,
  'GET /app/api/v1/companies': ADMIN,
  'GET /app/api/v1/companies/export': ADMIN,
  'GET /app/api/v1/companies/{id}': COMPANY_A,
  'PUT /app/api/v1/companies/{id}': COMPANY_A_OWN,
  'PUT /app/api/v1/companies/{id}/situation': ADMIN_WRITE,
  'GET /app/api/v1/companies/name-changes': ADMIN,
  'POST /app/api/v1/companies/name-changes/{id}/decision': ADMIN_WRITE,
  'GET /app/api/v1/companies/{id}/name-changes': COMPANY_A,
  // Closing company A's account: its owner asks and withdraws (company A's owner is the table's caller, so the
  // first call asks and a second one is a 409; a withdrawal without a pending request is a 404); admins decide, the
  // test's request id unknown (404).
  'GET /app/api/v1/companies/{companyId}/closure': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/closure': { ...COMPANY_A_ONLY, companyA: 'allowed' },
  'DELETE /app/api/v1/companies/{companyId}/closure': { ...COMPANY_A_ONLY, companyA: 'allowed' },
  'GET /app/api/v1/closure-requests': ADMIN,
  'POST /app/api/v1/closure-requests/{id}/approve': ADMIN_WRITE,
  'POST /app/api/v1/closure-requests/{id}/refuse': ADMIN_WRITE,
  'GET /app/api/v1/public/companies': PUBLIC,
  'GET /app/api/v1/public/companies/{id}': PUBLIC,
  'GET /app/api/v1/balance-sheets/template.xlsx': PUBLIC,
  'GET /app/api/v1/balance-sheets': ADMIN,
  'GET /app/api/v1/balance-sheets/export': ADMIN,
  'GET /app/api/v1/balance-sheets/compare': ADMIN,
  'GET /app/api/v1/companies/{companyId}/balance-sheets': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/balance-sheets': COMPANY_A_PREPARE,
  'POST /app/api/v1/companies/{companyId}/balance-sheets/entries': COMPANY_A_PREPARE,
  'GET /app/api/v1/companies/{companyId}/balance-sheets/{id}': COMPANY_A,
  'DELETE /app/api/v1/companies/{companyId}/balance-sheets/{id}': COMPANY_A_PREPARE,
  'PUT /app/api/v1/companies/{companyId}/balance-sheets/{id}/entries': COMPANY_A_PREPARE,
  'GET /app/api/v1/companies/{companyId}/balance-sheets/{id}/file': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/balance-sheets/{id}/lines': COMPANY_A,
  'GET /app/api/v1/diagnoses': ADMIN,
  'GET /app/api/v1/diagnosis-statistics': ADMIN,
  'GET /app/api/v1/diagnosis-statistics/export': ADMIN,
  'GET /app/api/v1/companies/{companyId}/diagnoses': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/diagnoses': COMPANY_A_PREPARE,
  'GET /app/api/v1/companies/{companyId}/indicators': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/diagnoses/{id}': COMPANY_A,
  'DELETE /app/api/v1/companies/{companyId}/diagnoses/{id}': COMPANY_A_PREPARE,
  'GET /app/api/v1/companies/{companyId}/diagnoses/{id}/export.pdf': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/diagnoses/{id}/export.xlsx': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/diagnoses/{id}/what-if': COMPANY_A,
  'GET /app/api/v1/editions/current': PUBLIC,
  'GET /app/api/v1/editions': ADMIN,
  'POST /app/api/v1/editions': ADMIN_WRITE,
  'POST /app/api/v1/editions/{id}/copy': ADMIN_WRITE,
  'GET /app/api/v1/editions/{id}/automations': ADMIN,
  'PUT /app/api/v1/editions/{id}/automations/{kind}': ADMIN_WRITE,
  'PUT /app/api/v1/editions/{id}': ADMIN_WRITE,
  'POST /app/api/v1/editions/{id}/regulation': ADMIN_WRITE,
  'GET /app/api/v1/editions/{id}/regulation': PUBLIC,
  'GET /app/api/v1/editions/{id}/results/readiness': ADMIN,
  'POST /app/api/v1/editions/{id}/results/publish': ADMIN_WRITE,
  'GET /app/api/v1/editions/{id}/results': ADMIN_OR_PARTNER,
  'GET /app/api/v1/editions/{id}/results/report.pdf': ADMIN_OR_PARTNER,
  'GET /app/api/v1/editions/{id}/results/report.xlsx': ADMIN_OR_PARTNER,
  'GET /app/api/v1/public/editions': PUBLIC,
  'GET /app/api/v1/public/editions/{id}/distinguished': PUBLIC_LOOKUP,
  'GET /app/api/v1/public/seals/{code}': PUBLIC_LOOKUP,
  'GET /app/api/v1/public/seals/{code}/badge.svg': PUBLIC_LOOKUP,
  'GET /app/api/v1/seals': ADMIN,
  'POST /app/api/v1/seals/{id}/actions': ADMIN_WRITE,
  'GET /app/api/v1/applications': ADMIN,
  'GET /app/api/v1/applications/export': ADMIN,
  'GET /app/api/v1/applications/{id}': ADMIN,
  'GET /app/api/v1/applications/{id}/history': ADMIN,
  'GET /app/api/v1/applications/{id}/files.zip': ADMIN,
  'GET /app/api/v1/applications/{id}/files/{fileId}': ADMIN,
  'POST /app/api/v1/applications/{id}/evaluation': ADMIN_WRITE,
  'POST /app/api/v1/applications/{id}/confirmation': ADMIN_WRITE,
  'POST /app/api/v1/applications/{id}/return': ADMIN_WRITE,
  'GET /app/api/v1/applications/{id}/messages': ADMIN,
  'POST /app/api/v1/applications/{id}/messages': ADMIN_WRITE,
  'GET /app/api/v1/companies/{companyId}/eligibility': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/applications': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/applications': { ...COMPANY_A_STATE, companyAViewer: 'forbidden' },
  'GET /app/api/v1/companies/{companyId}/applications/{id}': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/applications/{id}/files': COMPANY_A_PREPARE,
  'PUT /app/api/v1/companies/{companyId}/applications/{id}/files/{fileId}': COMPANY_A_PREPARE,
  'DELETE /app/api/v1/companies/{companyId}/applications/{id}/files/{fileId}': COMPANY_A_PREPARE,
  'GET /app/api/v1/companies/{companyId}/applications/{id}/files/{fileId}': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/applications/{id}/messages': COMPANY_A,
  // The owner and the accountant write to the evaluators; an admin writing here writes the evaluators' side.
  'POST /app/api/v1/companies/{companyId}/applications/{id}/messages': COMPANY_A_PREPARE,
  // Submitting is the owner's ('own'): the accountant who prepared the application may not.
  'POST /app/api/v1/companies/{companyId}/applications/{id}/submit': {
    ...COMPANY_A_STATE,
    companyAAccountant: 'forbidden',
    companyAViewer: 'forbidden',
  },
  'GET /app/api/v1/companies/{companyId}/seals': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/seals/{sealId}/certificate.pdf': COMPANY_A_STATE,
  'GET /app/api/v1/balance-sheets/tree': COMPANIES_AND_ADMIN,
  'GET /app/api/v1/public/esg/current': PUBLIC,
  'GET /app/api/v1/esg/forms': ADMIN,
  'POST /app/api/v1/esg/forms': ADMIN_WRITE,
  'PUT /app/api/v1/esg/forms/order': ADMIN_WRITE,
  'GET /app/api/v1/esg/forms/{id}': ADMIN,
  'PUT /app/api/v1/esg/forms/{id}': ADMIN_WRITE,
  'GET /app/api/v1/esg/forms/{id}/results': ADMIN,
  'GET /app/api/v1/esg/forms/{id}/export.xlsx': ADMIN,
  'GET /app/api/v1/esg/responses/{id}': ADMIN,
  'GET /app/api/v1/companies/{companyId}/esg': COMPANY_A,
  'PUT /app/api/v1/companies/{companyId}/esg/forms/{formId}/answers': COMPANY_A_ONLY,
  'POST /app/api/v1/companies/{companyId}/esg/forms/{formId}/submit': {
    ...COMPANY_A_ONLY,
    companyA: 'allowed',
  },
  'GET /app/api/v1/companies/{companyId}/esg/responses/{responseId}': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/esg/responses/{responseId}/pdf': COMPANY_A,
  'POST /app/api/v1/content/images': ADMIN_WRITE,
  'GET /app/api/v1/public/content/images/{id}/{file}': PUBLIC,
  'GET /app/api/v1/content/news': ADMIN,
  'POST /app/api/v1/content/news': ADMIN_WRITE,
  'GET /app/api/v1/content/news/{id}': ADMIN,
  'PUT /app/api/v1/content/news/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/news/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/news/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/news': PUBLIC,
  'GET /app/api/v1/public/content/news/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/faq': ADMIN,
  'POST /app/api/v1/content/faq': ADMIN_WRITE,
  'GET /app/api/v1/content/faq/{id}': ADMIN,
  'PUT /app/api/v1/content/faq/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/faq/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/faq/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/faq': PUBLIC,
  'GET /app/api/v1/public/content/faq/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/testimonies': ADMIN,
  'POST /app/api/v1/content/testimonies': ADMIN_WRITE,
  'GET /app/api/v1/content/testimonies/{id}': ADMIN,
  'PUT /app/api/v1/content/testimonies/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/testimonies/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/testimonies/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/testimonies': PUBLIC,
  'GET /app/api/v1/public/content/testimonies/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/gallery': ADMIN,
  'POST /app/api/v1/content/gallery': ADMIN_WRITE,
  'GET /app/api/v1/content/gallery/{id}': ADMIN,
  'PUT /app/api/v1/content/gallery/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/gallery/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/gallery/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/gallery': PUBLIC,
  'GET /app/api/v1/public/content/gallery/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/events': ADMIN,
  'POST /app/api/v1/content/events': ADMIN_WRITE,
  'GET /app/api/v1/content/events/{id}': ADMIN,
  'PUT /app/api/v1/content/events/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/events/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/events/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/events': PUBLIC,
  'GET /app/api/v1/public/content/events/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/pages': ADMIN,
  'POST /app/api/v1/content/pages': ADMIN_WRITE,
  'GET /app/api/v1/content/pages/{id}': ADMIN,
  'PUT /app/api/v1/content/pages/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/pages/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/pages/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/pages': PUBLIC,
  'GET /app/api/v1/public/content/pages/{slugOrId}': PUBLIC,
  'GET /app/api/v1/content/documents': ADMIN,
  'POST /app/api/v1/content/documents': ADMIN_WRITE,
  'GET /app/api/v1/content/documents/{id}': ADMIN,
  'PUT /app/api/v1/content/documents/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/content/documents/{id}': ADMIN_WRITE,
  'GET /app/api/v1/content/documents/{id}/preview': ADMIN,
  'GET /app/api/v1/public/content/documents': PUBLIC,
  'GET /app/api/v1/public/content/documents/{slugOrId}': PUBLIC,
  'PUT /app/api/v1/content/documents/{id}/file': ADMIN_WRITE,
  'GET /app/api/v1/content/documents/{id}/file': ADMIN,
  'GET /app/api/v1/public/content/documents/{slugOrId}/download': PUBLIC,
  'GET /app/api/v1/public/content/documents/{slugOrId}/view': PUBLIC,
  'GET /app/api/v1/admin/overview': ADMIN,
  'POST /app/api/v1/public/newsletter/subscriptions': PUBLIC_LOOKUP,
  'GET /app/api/v1/public/newsletter/confirm/{token}': PUBLIC_LOOKUP,
  'GET /app/api/v1/public/newsletter/unsubscribe/{token}': PUBLIC_LOOKUP,
  'POST /app/api/v1/public/newsletter/unsubscribe/{token}': PUBLIC_LOOKUP,
  'GET /app/api/v1/reminders/opt-out': PUBLIC_LOOKUP,
  'POST /app/api/v1/reminders/opt-out': PUBLIC_LOOKUP,
  'GET /app/api/v1/newsletter/subscribers': ADMIN,
  'GET /app/api/v1/newsletter/subscribers/export': ADMIN,
  'GET /app/api/v1/newsletter/campaigns': ADMIN,
  'POST /app/api/v1/newsletter/campaigns': ADMIN_WRITE,
  'GET /app/api/v1/newsletter/campaigns/{id}': ADMIN,
  'PUT /app/api/v1/newsletter/campaigns/{id}': ADMIN_WRITE,
  'DELETE /app/api/v1/newsletter/campaigns/{id}': ADMIN_WRITE,
  'GET /app/api/v1/newsletter/campaigns/{id}/preview/{language}': ADMIN,
  'POST /app/api/v1/newsletter/campaigns/{id}/test': ADMIN_WRITE,
  'POST /app/api/v1/newsletter/campaigns/{id}/send': ADMIN_WRITE,
  'POST /app/api/v1/broadcasts/preview': ADMIN_WRITE,
  'POST /app/api/v1/broadcasts': ADMIN_WRITE,
  'GET /app/api/v1/broadcasts': ADMIN,
  'GET /app/api/v1/broadcasts/{id}': ADMIN_WRITE,
  'GET /app/api/v1/me/profile': SIGNED_IN,
  'PUT /app/api/v1/me/profile': SIGNED_IN,
  'GET /app/api/v1/me/reminders': SIGNED_IN,
  'PUT /app/api/v1/me/reminders': SIGNED_IN,
  'PUT /app/api/v1/me/profile-picture': SIGNED_IN,
  'DELETE /app/api/v1/me/profile-picture': SIGNED_IN,
  'GET /app/api/v1/me/two-factor': SIGNED_IN,
  'GET /app/api/v1/public/options/cae-sections': PUBLIC,
  'GET /app/api/v1/public/options/cae-divisions': PUBLIC,
  'GET /app/api/v1/public/options/islands': PUBLIC,
  'GET /app/api/v1/public/options/company-types': PUBLIC,
  'GET /app/api/v1/public/options/cities': PUBLIC,
  'POST /app/api/v1/registrations': PUBLIC_LOOKUP,
  'POST /app/api/v1/registrations/confirm': PUBLIC_LOOKUP,
  'POST /app/api/v1/registrations/resend': PUBLIC_LOOKUP,
  'GET /app/api/v1/invitations/{token}': PUBLIC_LOOKUP,
  'POST /app/api/v1/invitations/accept': PUBLIC_LOOKUP,
  // Any signed-in user; the test's made-up token answers 400 or 410.
  'POST /app/api/v1/invitations/join': { ...PUBLIC_LOOKUP, visitor: 'unauthenticated' },
  'GET /app/api/v1/companies/pre-registrations': ADMIN,
  'POST /app/api/v1/companies/pre-registrations': ADMIN_WRITE,
  'POST /app/api/v1/companies/pre-registrations/{id}/resend': ADMIN_WRITE,
  'GET /app/api/v1/companies/nif-conflicts': ADMIN,
  'POST /app/api/v1/companies/nif-conflicts/settle': ADMIN_WRITE,
  'GET /app/api/v1/partner/dashboard': PARTNER,
  'GET /app/api/v1/partner/companies': PARTNER,
  'POST /app/api/v1/partner/companies': { ...PARTNER, partnerX: 'allowed' },
  'GET /app/api/v1/partner/companies/{companyId}': PARTNER_X,
  'GET /app/api/v1/partner/assisted-nifs': PARTNER,
  'GET /app/api/v1/partner/follow-requests': PARTNER,
  // The test's body names no NIF: 400 for either entity's user.
  'POST /app/api/v1/partner/follow-requests': { ...PARTNER, partnerX: 'allowed', partnerY: 'allowed' },
  // The company's own answer; the test's request id is unknown, so company A's call is a 404.
  'POST /app/api/v1/companies/{companyId}/follow-requests/{id}/decision': {
    ...COMPANY_A_ONLY,
    companyA: 'allowed',
  },
  'GET /app/api/v1/partner/results/{editionId}/report.xlsx': PARTNER,
  'GET /app/api/v1/companies/{companyId}/partner-consents': COMPANY_A,
  'PUT /app/api/v1/companies/{companyId}/partner-consents/{partnerEntityId}': COMPANY_A_ONLY,
  'GET /app/api/v1/companies/{companyId}/partner-access-log': COMPANY_A,
  'GET /app/api/v1/companies/{companyId}/activity': COMPANY_A,
  // The test's export id is unknown (404) and a second request meets the first (409): 'allowed' for the owner.
  'POST /app/api/v1/companies/{companyId}/exports': { ...COMPANY_A_ONLY, companyA: 'allowed' },
  'GET /app/api/v1/companies/{companyId}/exports': COMPANY_A_OWN,
  'GET /app/api/v1/companies/{companyId}/exports/{id}/file': { ...COMPANY_A_ONLY, companyA: 'allowed' },
  'GET /app/api/v1/data-exports/{token}': PUBLIC_LOOKUP,
  'GET /app/api/v1/companies/{companyId}/members': COMPANY_A,
  'POST /app/api/v1/companies/{companyId}/members': COMPANY_A_TEAM,
  'PUT /app/api/v1/companies/{companyId}/members/{accountId}': COMPANY_A_TEAM,
  'DELETE /app/api/v1/companies/{companyId}/members/{accountId}': COMPANY_A_TEAM,
  'DELETE /app/api/v1/companies/{companyId}/invitations/{id}': COMPANY_A_TEAM,
  'POST /app/api/v1/companies/{companyId}/invitations/{id}/resend': COMPANY_A_TEAM,
  'GET /app/api/v1/users/profile/api-tokens': PARTNER,
  'POST /app/api/v1/users/profile/api-tokens': PARTNER,
  'DELETE /app/api/v1/users/profile/api-tokens/{id}': PARTNER_X,
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
};
