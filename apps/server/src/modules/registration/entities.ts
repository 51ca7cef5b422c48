/** The audit entities of company onboarding: the resource paths. */
export const REGISTRATION_ENTITY = 'registrations';
export const COMPANIES_ENTITY = 'companies';
export const INVITATIONS_ENTITY = 'companies/pre-registrations';
export const NIF_CONFLICTS_ENTITY = 'companies/nif-conflicts';
/** The audit entity of an owner's invitations into its company's team (docs/adr/0028), as the activity lists it. */
export const TEAM_INVITATIONS_ENTITY = 'company_invitations';
