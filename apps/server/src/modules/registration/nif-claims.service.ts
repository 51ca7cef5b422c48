import type { NifClaim, NifConflict, NifConflictSettled, SettleNifConflictRequest } from '@excelencia/domain';
import { compensateCreatedUser, type ProviderDeps } from '../../auth/provisioning.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { sqlState } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  COMPANIES_ENTITY,
  INVITATIONS_ENTITY,
  NIF_CONFLICTS_ENTITY,
  REGISTRATION_ENTITY,
} from './entities.ts';
import { claimCancelledMail } from './mails.ts';
import {
  accountNames,
  deleteCompany,
  deletePendingRegistration,
  type NifHolder,
  nifHolders,
  openRegistrations,
  type PendingRow,
} from './registration.repository.ts';

export const nifClaimGone = () => new AppError(404, 'nif_claim_gone', 'errors:nifClaimGone');
export const nifCompanyConfirmed = () =>
  new AppError(409, 'nif_company_confirmed', 'errors:nifCompanyConfirmed');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function registrationClaim(row: PendingRow): NifClaim {
  const payload = row.payload as { responsibleName?: unknown };
  return {
    kind: 'registration',
    id: row.id,
    companyName: row.companyName,
    name: typeof payload.responsibleName === 'string' ? payload.responsibleName : '',
    email: row.email,
    language: row.language,
    createdBy: null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The claims of the company holding a NIF: itself when confirmed, else its live invitations (none when dead). */
function holderClaims(holder: NifHolder, names: ReadonlyMap<string, string>): NifClaim[] {
  const { company } = holder;
  if (holder.confirmed) {
    return [
      {
        kind: 'company',
        id: company.id,
        companyName: company.companyName,
        name: company.responsibleName ?? '',
        email: company.email,
        language: null,
        createdBy: null,
        createdAt: company.createdAt.toISOString(),
        expiresAt: null,
      },
    ];
  }
  return holder.live.map((invitation) => ({
    kind: 'preRegistration' as const,
    id: invitation.id,
    companyName: company.companyName,
    name: invitation.name,
    email: invitation.email,
    language: invitation.language,
    createdBy: invitation.createdBy ? (names.get(invitation.createdBy) ?? null) : null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: iso(invitation.expiresAt),
  }));
}

/**
 * Cancels a pre-registration nobody accepted: its company row goes with its invitations and the partner's
 * assistance, audited, and each invitee whose link still worked is told in the invitation's language. False (and
 * nothing changed) when the company cannot go because records of it exist (an administrator entered some): it
 * then holds its NIF like a confirmed company.
 */
export async function cancelPreRegistration(
  tx: Executor,
  holder: NifHolder,
  context: {
    actor: Actor;
    /** The claim kept instead; none when the pre-registration's invitations all expired (it held nothing). */
    kept?: { kind: NifClaim['kind']; id: string };
  },
): Promise<boolean> {
  const { company } = holder;
  try {
    await tx.transaction(async (savepoint) => deleteCompany(savepoint, company.id));
  } catch (error) {
    if (sqlState(error) === '23503') return false;
    throw error;
  }
  const audit = { actorAccountId: context.actor.accountId, requestId: context.actor.requestId ?? null };
  const after = context.kept
    ? { reason: 'nif_claim', keptKind: context.kept.kind, keptId: context.kept.id }
    : { reason: 'expired' };
  for (const invitation of holder.invitations) {
    await writeAudit(tx, {
      ...audit,
      action: 'cancel',
      entity: INVITATIONS_ENTITY,
      entityId: invitation.id,
      before: { companyId: company.id, email: invitation.email, name: invitation.name },
      after,
    });
  }
  await writeAudit(tx, {
    ...audit,
    action: 'delete',
    entity: COMPANIES_ENTITY,
    entityId: company.id,
    before: company,
    after,
  });
  for (const invitation of holder.live) {
    await enqueueMail(
      tx,
      claimCancelledMail({
        kind: 'invitation',
        to: invitation.email,
        name: invitation.name,
        companyName: company.companyName,
        nif: company.nif,
        language: invitation.language,
      }),
    );
  }
  return true;
}

/**
 * The NIFs claimed twice or more while one claim at least is not confirmed (docs/adr/0020-nif-claims.md), and an
 * administrator's settlement: keep one claim, cancel the others.
 */
export function createNifClaimsService(deps: ProviderDeps & { now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function claimsOf(executor: Executor, at: Date, nif?: string, lock = false) {
    const registrations = await openRegistrations(executor, at, { nif, lock });
    const nifs = [...new Set(registrations.map((row) => row.nif))];
    const holders = await nifHolders(executor, nifs, at, { lock });
    const creators = [...holders.values()]
      .flatMap((h) => h.live.map((i) => i.createdBy ?? ''))
      .filter(Boolean);
    const names = await accountNames(executor, creators);
    const byNif = new Map<string, { registrations: PendingRow[]; claims: NifClaim[]; holder?: NifHolder }>();
    for (const row of registrations) {
      const entry = byNif.get(row.nif) ?? { registrations: [], claims: [] };
      entry.registrations.push(row);
      entry.claims.push(registrationClaim(row));
      byNif.set(row.nif, entry);
    }
    for (const [holderNif, holder] of holders) {
      const entry = byNif.get(holderNif);
      if (!entry) continue;
      entry.holder = holder;
      entry.claims.unshift(...holderClaims(holder, names));
    }
    return byNif;
  }

  return {
    /** Every NIF in conflict, the one with the newest claim first. */
    async list(): Promise<NifConflict[]> {
      const byNif = await claimsOf(db, now());
      const conflicts = [...byNif.entries()]
        .filter(([, entry]) => entry.claims.length >= 2)
        .map(([nif, entry]) => ({ nif, claims: entry.claims }));
      const newest = (c: NifConflict) =>
        c.claims.reduce((m, claim) => (claim.createdAt > m ? claim.createdAt : m), '');
      return conflicts.sort((a, b) => newest(b).localeCompare(newest(a)) || a.nif.localeCompare(b.nif));
    },

    /**
     * Keeps one claim of a NIF in conflict and cancels every other unconfirmed one: a registration's row goes
     * (its disabled sign-in account at the provider after the commit), a pre-registration's company goes with its
     * invitation; each is audited and its claimant mailed in its language. A confirmed company can only be kept.
     */
    async settle(actor: Actor, input: SettleNifConflictRequest): Promise<NifConflictSettled> {
      const cancelledAccounts: string[] = [];
      const result = await db.transaction(async (tx) => {
        const at = now();
        const entry = (await claimsOf(tx, at, input.nif, true)).get(input.nif);
        const kept = entry?.claims.find((c) => c.kind === input.keep.kind && c.id === input.keep.id);
        if (!entry || !kept || entry.claims.length < 2) throw nifClaimGone();
        if (entry.claims.some((c) => c.kind === 'company') && kept.kind !== 'company')
          throw nifCompanyConfirmed();
        const cancelled = entry.claims.filter((c) => c !== kept);
        if (entry.holder && !entry.holder.confirmed && kept.kind !== 'preRegistration') {
          const context = { actor, kept: { kind: kept.kind, id: kept.id } };
          if (!(await cancelPreRegistration(tx, entry.holder, context))) throw nifCompanyConfirmed();
        }
        for (const row of entry.registrations) {
          if (kept.kind === 'registration' && kept.id === row.id) continue;
          await deletePendingRegistration(tx, row.id);
          cancelledAccounts.push(row.idpUserId);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            requestId: actor.requestId ?? null,
            action: 'cancel',
            entity: REGISTRATION_ENTITY,
            entityId: row.id,
            before: registrationClaim(row),
            after: { reason: 'nif_claim', keptKind: kept.kind, keptId: kept.id },
          });
          await enqueueMail(
            tx,
            claimCancelledMail({
              kind: 'registration',
              to: row.email,
              name: registrationClaim(row).name || row.email,
              companyName: row.companyName,
              nif: row.nif,
              language: row.language,
            }),
          );
        }
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          requestId: actor.requestId ?? null,
          action: 'settle',
          entity: NIF_CONFLICTS_ENTITY,
          entityId: input.nif,
          before: entry.claims,
          after: { kept, cancelled },
        });
        return { nif: input.nif, kept, cancelled };
      });
      // The cancelled registrations' sign-in accounts were never enabled: removed now (or by a job).
      for (const id of cancelledAccounts) await compensateCreatedUser(deps, id);
      return result;
    },
  };
}

export type NifClaimsService = ReturnType<typeof createNifClaimsService>;
