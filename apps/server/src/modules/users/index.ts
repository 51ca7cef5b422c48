/**
 * What other areas use of the users area: keeping the identity provider's account in step with a change of the
 * portal's, and undoing an account created half-way.
 */
export {
  atProvider,
  compensateCreatedUser,
  keepProviderInStep,
  type ProviderDeps,
  providerIdOf,
} from './provider.ts';
