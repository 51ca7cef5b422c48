/** What other areas use of the accounts area: where an account's profile picture is served. */
export { profilePicturePath } from './accounts.service.ts';
