/** The audit entities of company onboarding: the resource paths. */
export const REGISTRATION_ENTITY = 'registrations';
export const COMPANIES_ENTITY = 'companies';
export const INVITATIONS_ENTITY = 'companies/pre-registrations';
export const NIF_CONFLICTS_ENTITY = 'companies/nif-conflicts';
