import {
  hasRole,
  type MyProfile,
  PERSONAL_EXPORT_AUDIT_ROWS,
  type PersonalDataExport,
  PROFILE_PICTURE_MAX_BYTES,
  type TwoFactorStatus,
  type UpdateMyProfileRequest,
} from '@excelencia/domain';
import { type AccountRow, findAccountById } from '../../auth/accounts.repository.ts';
import { atProvider, keepProviderInStep, type ProviderDeps, providerIdOf } from '../../auth/provisioning.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { detectImage, reencodeImage } from '../../platform/files/image.ts';
import { imageTooLarge, notAnImage } from '../../platform/files/image-upload.ts';
import { withoutInvalidCharacters } from '../../platform/input-characters.ts';
import { profilePicturePath } from '../accounts/index.ts';
import {
  auditRowsBy,
  invitationsTo,
  membershipsOf,
  partnerEntityOf,
  setAccountProfilePicture,
  updateAccountNameAndLanguage,
} from './profile.repository.ts';

/** The largest side of a stored profile picture (px); larger uploads are scaled down, smaller ones kept. */
export const PICTURE_MAX_SIDE = 1024;

/** The audit entity of a user's changes to their own profile. */
export const PROFILE_ENTITY = 'me/profile';

/** Over PROFILE_PICTURE_MAX_BYTES. */
export const pictureTooLarge = () => imageTooLarge(PROFILE_PICTURE_MAX_BYTES);

/**
 * The uploaded picture's name as kept: without control characters (the database refuses U+0000) and at most 200
 * characters, cut between characters, not inside one; 'picture' when nothing is left.
 */
export function storedPictureName(filename: string): string {
  return [...withoutInvalidCharacters(filename)].slice(0, 200).join('').trim() || 'picture';
}

function present(row: AccountRow): MyProfile {
  return {
    name: row.name,
    email: row.email,
    language: row.language,
    profilePicture: row.profilePictureFileId ? profilePicturePath(row.id) : null,
  };
}

/**
 * The signed-in user's own profile (/users/profile): name and language (kept at the identity provider too,
 * so the next sign-in's token carries them) and the profile picture (checked by content, stored in the file
 * store). The password is changed at the identity provider (GET /auth/change-password), and so is two-factor
 * sign-in turned on and off (GET /auth/two-factor, /auth/two-factor/remove); its state is read there (ADR 0019).
 */
export function createProfileService(
  deps: ProviderDeps & { fileStore: FileStore; requireAdminTotp?: boolean },
) {
  const { db, identity, fileStore } = deps;

  async function accountOf(caller: AuthContext): Promise<AccountRow> {
    const row = await findAccountById(db, caller.accountId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async get(caller: AuthContext): Promise<MyProfile> {
      return present(await accountOf(caller));
    },

    /**
     * What the portal keeps of the caller as a person (docs/adr/0028-company-teams.md): the account row without
     * its derived search text, memberships with roles, the partner entity, the invitations to their address and
     * the audit rows they made (the last PERSONAL_EXPORT_AUDIT_ROWS).
     */
    async dataExport(caller: AuthContext, now = new Date()): Promise<PersonalDataExport> {
      const { searchText: _search, ...profile } = await accountOf(caller);
      const [memberships, partnerEntity, invitations, auditRows] = await Promise.all([
        membershipsOf(db, profile.id),
        partnerEntityOf(db, profile.id),
        invitationsTo(db, profile.email),
        auditRowsBy(db, profile.id, PERSONAL_EXPORT_AUDIT_ROWS),
      ]);
      const rows = (values: readonly object[]) =>
        values.map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
      return {
        exportedAt: now.toISOString(),
        profile: JSON.parse(JSON.stringify(profile)),
        memberships: memberships.map((m) => ({ ...m, since: m.since.toISOString() })),
        partnerEntity,
        invitations: rows(invitations),
        auditRows: rows(auditRows),
      };
    },

    /** The portal row changes in a transaction whose last step is the provider call: both change or neither. */
    async update(caller: AuthContext, actor: Actor, input: UpdateMyProfileRequest): Promise<MyProfile> {
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await findAccountById(tx, caller.accountId);
          if (!before) throw notFound();
          const after = await updateAccountNameAndLanguage(tx, before.id, {
            name: input.name,
            language: input.language,
          });
          if (!after) throw notFound();
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'update',
            entity: PROFILE_ENTITY,
            entityId: before.id,
            before: { name: before.name, language: before.language },
            after: { name: after.name, language: after.language },
            requestId: actor.requestId,
          });
          const providerId = await providerIdOf(identity, before);
          if (providerId) {
            await atProviderSteps(before.id, [
              {
                apply: () =>
                  identity.updateProfile(providerId, { name: input.name, language: input.language }),
                undo: () =>
                  identity.updateProfile(providerId, { name: before.name, language: before.language }),
              },
            ]);
          }
          return present(after);
        }),
      );
    },

    /**
     * Stores a JPEG, PNG or WebP (decided by the bytes, not the name or the declared type), re-encoded by sharp
     * within PICTURE_MAX_SIDE px: metadata and anything after the image are not kept.
     */
    async setPicture(
      caller: AuthContext,
      actor: Actor,
      file: { data: Buffer; filename: string },
    ): Promise<MyProfile> {
      if (file.data.length > PROFILE_PICTURE_MAX_BYTES) throw pictureTooLarge();
      const detected = detectImage(file.data);
      if (!detected) throw notAnImage();
      // Only the re-encoded image is kept: no metadata, nothing appended after the image.
      const picture = await reencodeImage(file.data, detected.mime, { maxSide: PICTURE_MAX_SIDE });
      if (!picture) throw notAnImage();
      return db.transaction(async (tx) => {
        const before = await findAccountById(tx, caller.accountId);
        if (!before) throw notFound();
        const stored = await fileStore.put(tx, {
          data: picture.data,
          originalName: storedPictureName(file.filename),
          mime: picture.mime,
          kind: 'profile-picture',
          ownerAccountId: before.id,
        });
        const after = await setAccountProfilePicture(tx, before.id, stored.id);
        if (!after) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'profile-picture',
          entity: PROFILE_ENTITY,
          entityId: before.id,
          before: { profilePictureFileId: before.profilePictureFileId },
          after: { profilePictureFileId: stored.id, mime: picture.mime, size: picture.data.length },
          requestId: actor.requestId,
        });
        return present(after);
      });
    },

    async removePicture(caller: AuthContext, actor: Actor): Promise<MyProfile> {
      return db.transaction(async (tx) => {
        const before = await findAccountById(tx, caller.accountId);
        if (!before) throw notFound();
        const after = await setAccountProfilePicture(tx, before.id, null);
        if (!after) throw notFound();
        if (before.profilePictureFileId) {
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'profile-picture-removed',
            entity: PROFILE_ENTITY,
            entityId: before.id,
            before: { profilePictureFileId: before.profilePictureFileId },
            after: { profilePictureFileId: null },
            requestId: actor.requestId,
          });
        }
        return present(after);
      });
    },

    /**
     * Whether the caller signs in with a one-time code, as the provider's admin API says (Keycloak's credentials of
     * type otp); required of admins when REQUIRE_ADMIN_TOTP is on. Nothing changes here, so nothing is audited.
     */
    async twoFactor(caller: AuthContext): Promise<TwoFactorStatus> {
      const row = await accountOf(caller);
      const providerId = await providerIdOf(identity, row);
      const credential = providerId ? await atProvider(() => identity.otpCredential(providerId)) : null;
      return {
        enabled: credential !== null,
        required: Boolean(deps.requireAdminTotp) && hasRole(caller.roles, 'admin'),
        credentialId: credential?.id ?? null,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
