import { eq, sql } from 'drizzle-orm';
import type { AccountRow } from '../../auth/accounts.repository.ts';
import type { Executor } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';

/** Sets the account's name and language, one version on; the new row (undefined when it is gone). */
export async function updateAccountNameAndLanguage(
  tx: Executor,
  accountId: string,
  values: Pick<AccountRow, 'name' | 'language'>,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({
      name: values.name,
      language: values.language,
      version: sql`${accounts.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}

/** Points the account's profile picture at a stored file, or at none; the new row (undefined when it is gone). */
export async function setAccountProfilePicture(
  tx: Executor,
  accountId: string,
  fileId: string | null,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ profilePictureFileId: fileId, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}
