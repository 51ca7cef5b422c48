/** What other areas use of the users area: the account writes a partner's member management shares with it. */
export {
  deleteSessionsOfAccount,
  insertAccount,
  revokeApiTokensOfAccount,
  updateAccountBumpingVersion,
} from './users.repository.ts';
