import {
  APPLICATION_DOCUMENTS,
  AUTOMATION_KINDS,
  type AutomationItem,
  type AutomationKind,
  type AutomationState,
  documentLabelKey,
  formatDisplayDate,
  isReminderKind,
  type Language,
  type LocalizedText,
  type ReminderKind,
  sealValidUntil,
  translate,
  validityDaysFromStored,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PinoLike } from '../../platform/mail/outbox.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { computeEligibility, validityOf } from '../applications/index.ts';
import { accountOfOptOutToken, optOutLink, optOutToken, reminderMail } from './automation-mails.ts';
import {
  type AutomationRow,
  accountForReminders,
  allEditions,
  applicantCounts,
  automationRowsOf,
  copyAutomationSwitches,
  datedDocumentsAudience,
  deleteOptOut,
  draftAudience,
  type EditionRow,
  editionAfter,
  editionById,
  insertOptOut,
  insertSend,
  isOptedOut,
  liveFileTypes,
  lockAutomation,
  type Recipient,
  registrationAudience,
  sealAudience,
  sentCompaniesByKind,
  setAutomationEnabled,
  setAutomationOutcome,
} from './automations.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an item is sent (`sendAt`) and until when its meaning holds (`deadline`): a reminder the job reaches late
 * (the portal was down) is still sent before its deadline, and skipped after it. A 7-day reminder holds until the
 * 1-day one takes over; a 1-day reminder until the window closes; the seal reminder until the seal expires.
 */
export function momentOf(kind: AutomationKind, edition: EditionRow): { sendAt: Date; deadline: Date } {
  const before = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);
  const registrationCloses = edition.registrationClosesAt;
  // Applications close at their date, or earlier when the results were published before it.
  const applicationsClose =
    edition.applicationsClosedAt && edition.applicationsClosedAt < edition.applicationClosesAt
      ? edition.applicationsClosedAt
      : edition.applicationClosesAt;
  const sealExpires = sealValidUntil(edition.resultsPublishedAt ?? edition.resultsAt);
  switch (kind) {
    case 'registrationCloses7d':
      return { sendAt: before(registrationCloses, 7), deadline: before(registrationCloses, 1) };
    case 'registrationCloses1d':
      return { sendAt: before(registrationCloses, 1), deadline: registrationCloses };
    case 'applicationsClose7d':
      return { sendAt: before(applicationsClose, 7), deadline: before(applicationsClose, 1) };
    case 'applicationsClose1d':
      return { sendAt: before(applicationsClose, 1), deadline: applicationsClose };
    case 'sealExpires30d':
      return { sendAt: before(sealExpires, 30), deadline: sealExpires };
    case 'documentExpiry':
      // Sent as soon as it is known (the job's first run after the upload), from the opening of applications
      // until the evaluation ends.
      return { sendAt: edition.applicationOpensAt, deadline: edition.evaluationEndsAt };
    case 'resultsPublished': {
      const at = edition.resultsPublishedAt ?? edition.resultsAt;
      return { sendAt: at, deadline: at };
    }
  }
}

/** The outcome the job recorded, if it was for the item's current moment (the dates may have moved since). */
function outcomeOf(row: AutomationRow | undefined, sendAt: Date): 'sent' | 'skipped' | null {
  if (!row?.outcome || !row.outcomeFor) return null;
  return row.outcomeFor.getTime() === sendAt.getTime() ? row.outcome : null;
}

/**
 * Kinds sent once per document rather than once per moment: the job sends what is due at each run while the item
 * holds, records each send as `kind:fileId`, and never marks the item sent or skipped.
 */
const PER_DOCUMENT_KINDS: ReadonlySet<ReminderKind> = new Set(['documentExpiry']);

/**
 * The live dated documents of the edition's draft and submitted applications that run out before its evaluation
 * ends (their last valid day before the day it ends, under the edition's current validities), one row per
 * document and member to write to (docs/adr/0030-document-validity.md).
 */
async function expiringDocuments(executor: Executor, edition: EditionRow) {
  const days = validityDaysFromStored(edition.documentValidityDays);
  const types = days.flatMap((value, type) => (value === null ? [] : [type]));
  const rows = await datedDocumentsAudience(executor, edition.id, types);
  return rows.flatMap((row) => {
    const { validUntil, expiresBeforeEvaluationEnds } = validityOf(edition, row);
    return validUntil !== null && expiresBeforeEvaluationEnds
      ? [{ ...row, documentValidUntil: validUntil }]
      : [];
  });
}

const companiesIn = (recipients: readonly Pick<Recipient, 'companyId'>[]) =>
  new Set(recipients.map((r) => r.companyId)).size;

export const AUTOMATION_ENTITY = 'edition_automations';

/**
 * An edition's automations (docs/architecture.md, "Background work"; docs/adr/0029): the schedule the admin sees
 * and switches, the job that sends what is due (once per edition, kind, company and person, whatever the number of
 * workers), and the reminders opt-out of each account, which never stops transactional mail.
 */
export function createAutomationsService(deps: { db: Database; publicUrl: string; secret: string }) {
  const { db, publicUrl, secret } = deps;

  async function editionOrNotFound(executor: Executor, id: string): Promise<EditionRow> {
    const edition = await editionById(executor, id);
    if (!edition) throw notFound('errors:notFound');
    return edition;
  }

  async function audienceOf(executor: Executor, kind: ReminderKind, edition: EditionRow, now: Date) {
    switch (kind) {
      case 'registrationCloses7d':
      case 'registrationCloses1d':
        return registrationAudience(executor, edition.id);
      case 'applicationsClose7d':
      case 'applicationsClose1d':
        return draftAudience(executor, edition.id);
      case 'sealExpires30d':
        return sealAudience(executor, edition.id, now);
      case 'documentExpiry':
        return expiringDocuments(executor, edition);
    }
  }

  async function itemsOf(edition: EditionRow, now: Date): Promise<AutomationItem[]> {
    const rows = await automationRowsOf(db, edition.id);
    const sent = await sentCompaniesByKind(db, edition.id);
    const applicants = await applicantCounts(db, edition.id);
    const items: AutomationItem[] = [];
    for (const kind of AUTOMATION_KINDS) {
      const row = rows.find((r) => r.kind === kind);
      const { sendAt, deadline } = momentOf(kind, edition);
      if (!isReminderKind(kind)) {
        // The results mail goes with the publication (the results service), to every applicant's members.
        const published = edition.resultsPublishedAt !== null;
        items.push({
          kind,
          sendAt: sendAt.toISOString(),
          audience: applicants.applicants,
          enabled: true,
          state: published ? 'sent' : 'scheduled',
          sent: published ? applicants.decided : 0,
          switchable: false,
        });
        continue;
      }
      const enabled = row?.enabled ?? true;
      const outcome = outcomeOf(row, sendAt);
      const sentTo = sent.get(kind) ?? 0;
      let state: AutomationState;
      if (PER_DOCUMENT_KINDS.has(kind)) {
        // Sent document by document while it holds: past its deadline it is 'sent' if anyone got it.
        if (now.getTime() >= deadline.getTime()) state = sentTo > 0 ? 'sent' : 'past';
        else state = enabled ? 'scheduled' : 'disabled';
      } else if (outcome) state = outcome;
      else if (now.getTime() >= deadline.getTime()) state = 'past';
      else if (!enabled) state = 'disabled';
      else state = 'scheduled';
      items.push({
        kind,
        sendAt: sendAt.toISOString(),
        audience: companiesIn(await audienceOf(db, kind, edition, now)),
        enabled,
        state,
        sent: sentTo,
        switchable: true,
      });
    }
    return items;
  }

  /** What is missing from a draft application, in the recipient's language (documents, sheets, criteria). */
  async function missingLines(
    executor: Executor,
    edition: EditionRow,
    recipient: Recipient & { applicationId: string },
    language: Language,
    cache: Map<string, { types: number[]; eligibility: Awaited<ReturnType<typeof computeEligibility>> }>,
  ): Promise<string[]> {
    let found = cache.get(recipient.applicationId);
    if (!found) {
      found = {
        types: await liveFileTypes(executor, recipient.applicationId),
        eligibility: await computeEligibility(executor, recipient.companyId, edition.indicatorYear),
      };
      cache.set(recipient.applicationId, found);
    }
    const t = (key: string, params: Record<string, string | number>) =>
      translate(language, `automationsMail:applicationsClose.${key}`, params);
    const lines: string[] = [];
    const missing = APPLICATION_DOCUMENTS.map((_name, type) => type).filter(
      (type) => !found.types.includes(type),
    );
    if (missing.length > 0) {
      lines.push(
        t('missingDocuments', {
          list: missing.map((type) => translate(language, documentLabelKey(type))).join('; '),
        }),
      );
    }
    if (found.eligibility.missingYears.length > 0) {
      lines.push(t('missingSheets', { years: found.eligibility.missingYears.join(', ') }));
    }
    const failed = found.eligibility.applicationFinancialIndicators.filter((row) => row.passed === false);
    if (failed.length > 0) {
      lines.push(
        t('failedCriteria', {
          list: failed
            .map((row) => (row.criterionRatioDetails.ratioDescription as LocalizedText)[language])
            .join('; '),
        }),
      );
    }
    if (lines.length === 0) lines.push(t('ready', {}));
    return lines;
  }

  /** The mail of one reminder to one person. */
  async function mailFor(
    executor: Executor,
    kind: ReminderKind,
    edition: EditionRow,
    recipient: Recipient & {
      applicationId?: string;
      validUntil?: Date;
      fileType?: number;
      documentValidUntil?: string;
    },
    cache: Map<string, { types: number[]; eligibility: Awaited<ReturnType<typeof computeEligibility>> }>,
  ) {
    const language = recipient.language;
    const date = (value: Date | string) => formatDisplayDate(value, language);
    const editionName = (row: EditionRow) =>
      translate(language, 'applications:editionName', { number: row.number, year: row.year });
    const base = {
      to: recipient.email,
      name: recipient.name,
      language,
      optOutLink: optOutLink(publicUrl, optOutToken(secret, recipient.accountId)),
    };
    const params = { companyName: recipient.companyName, edition: editionName(edition) };
    switch (kind) {
      case 'registrationCloses7d':
      case 'registrationCloses1d':
        return reminderMail({
          ...base,
          block: 'registrationCloses',
          params: { ...params, date: date(edition.registrationClosesAt) },
          details: [],
          link: `${publicUrl}/${language}/company/application`,
        });
      case 'applicationsClose7d':
      case 'applicationsClose1d':
        return reminderMail({
          ...base,
          block: 'applicationsClose',
          params: { ...params, date: date(momentOf('applicationsClose1d', edition).deadline) },
          details: recipient.applicationId
            ? await missingLines(
                executor,
                edition,
                { ...recipient, applicationId: recipient.applicationId },
                language,
                cache,
              )
            : [],
          link: `${publicUrl}/${language}/company/application`,
        });
      case 'documentExpiry':
        return reminderMail({
          ...base,
          block: 'documentExpires',
          namespace: 'documentValidityMail',
          params: {
            ...params,
            document: translate(language, documentLabelKey(recipient.fileType ?? 0)),
            date: recipient.documentValidUntil ? date(recipient.documentValidUntil) : '',
            evaluationEnds: date(edition.evaluationEndsAt),
          },
          details: [translate(language, 'documentValidityMail:documentExpires.advice')],
          link: `${publicUrl}/${language}/company/application`,
        });
      case 'sealExpires30d': {
        const next = await editionAfter(executor, edition.number);
        const validUntil = recipient.validUntil ?? momentOf('sealExpires30d', edition).deadline;
        return reminderMail({
          ...base,
          block: 'sealExpires',
          params: { ...params, date: date(validUntil) },
          details: [
            next
              ? translate(language, 'automationsMail:sealExpires.nextEdition', {
                  edition: editionName(next),
                  opens: date(next.applicationOpensAt),
                  closes: date(next.applicationClosesAt),
                })
              : translate(language, 'automationsMail:sealExpires.noNextEdition'),
          ],
          link: `${publicUrl}/${language}/company/application`,
        });
      }
    }
  }

  /**
   * One item, if due at `now`, in one transaction holding its row: sent to everyone it reaches (a person once,
   * by the sends' unique key) before its deadline, else marked skipped. A second worker waits on the row and then
   * finds the outcome recorded.
   */
  async function runItem(edition: EditionRow, kind: ReminderKind, now: Date): Promise<number> {
    const { sendAt, deadline } = momentOf(kind, edition);
    if (now.getTime() < sendAt.getTime()) return 0;
    if (PER_DOCUMENT_KINDS.has(kind)) return runPerDocument(edition, kind, now, deadline);
    return db.transaction(async (tx) => {
      const row = await lockAutomation(tx, edition.id, kind);
      if (outcomeOf(row, sendAt) || !row.enabled) return 0;
      if (now.getTime() >= deadline.getTime()) {
        // Reached too late. A moment from before the edition existed (an edition entered afterwards) just passed.
        if (sendAt.getTime() >= edition.createdAt.getTime()) {
          await setAutomationOutcome(tx, edition.id, kind, 'skipped', sendAt, now);
        }
        return 0;
      }
      const cache = new Map();
      let mailed = 0;
      for (const recipient of await audienceOf(tx, kind, edition, now)) {
        const fresh = await insertSend(tx, {
          editionId: edition.id,
          kind,
          companyId: recipient.companyId,
          accountId: recipient.accountId,
          sentAt: now,
        });
        if (!fresh) continue;
        await enqueueMail(tx, await mailFor(tx, kind, edition, recipient, cache));
        mailed += 1;
      }
      await setAutomationOutcome(tx, edition.id, kind, 'sent', sendAt, now);
      return mailed;
    });
  }

  /**
   * A kind sent once per document (documentExpiry), while its deadline has not passed: in one transaction holding
   * its row, each member of each company concerned is mailed once per document (the send's kind is `kind:fileId`),
   * so a later upload that runs out early gets its own mail at the next run.
   */
  async function runPerDocument(edition: EditionRow, kind: ReminderKind, now: Date, deadline: Date) {
    if (now.getTime() >= deadline.getTime()) return 0;
    return db.transaction(async (tx) => {
      const row = await lockAutomation(tx, edition.id, kind);
      if (!row.enabled) return 0;
      let mailed = 0;
      for (const recipient of await expiringDocuments(tx, edition)) {
        const fresh = await insertSend(tx, {
          editionId: edition.id,
          kind: `${kind}:${recipient.fileId}`,
          companyId: recipient.companyId,
          accountId: recipient.accountId,
          sentAt: now,
        });
        if (!fresh) continue;
        await enqueueMail(tx, await mailFor(tx, kind, edition, recipient, new Map()));
        mailed += 1;
      }
      return mailed;
    });
  }

  /** Opts the account in or out of reminders (audited when it changes); transactional mail is never affected. */
  async function setReminders(
    actor: Actor,
    accountId: string,
    enabled: boolean,
    now = new Date(),
  ): Promise<{ enabled: boolean }> {
    await db.transaction(async (tx) => {
      const changed = enabled ? await deleteOptOut(tx, accountId) : await insertOptOut(tx, accountId, now);
      if (changed) {
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: enabled ? 'remindersOptIn' : 'remindersOptOut',
          entity: 'accounts',
          entityId: accountId,
          before: { reminders: !enabled },
          after: { reminders: enabled },
          requestId: actor.requestId ?? null,
        });
      }
    });
    return { enabled };
  }

  return {
    /** The edition's schedule at `now`, one item per kind. */
    async list(editionId: string, now = new Date()): Promise<AutomationItem[]> {
      return itemsOf(await editionOrNotFound(db, editionId), now);
    },

    /** Switches one item on or off (audited); the results mail is the publication's and is not switched here. */
    async setEnabled(
      actor: Actor,
      editionId: string,
      kind: AutomationKind,
      enabled: boolean,
      now = new Date(),
    ): Promise<AutomationItem> {
      if (!isReminderKind(kind)) {
        throw new AppError(409, 'automation_not_switchable', 'automationsWeb:errors.notSwitchable');
      }
      const edition = await db.transaction(async (tx) => {
        const row = await editionOrNotFound(tx, editionId);
        const before = await lockAutomation(tx, editionId, kind);
        if (before.enabled !== enabled) {
          await setAutomationEnabled(tx, editionId, kind, enabled, now);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: enabled ? 'enable' : 'disable',
            entity: AUTOMATION_ENTITY,
            entityId: editionId,
            before: { kind, enabled: before.enabled },
            after: { kind, enabled },
            requestId: actor.requestId ?? null,
          });
        }
        return row;
      });
      const items = await itemsOf(edition, now);
      const item = items.find((i) => i.kind === kind);
      if (!item) throw notFound();
      return item;
    },

    /** Next year's edition keeps this one's switches (called in the copy's transaction). */
    async copySwitches(tx: Executor, fromEditionId: string, toEditionId: string): Promise<void> {
      await copyAutomationSwitches(tx, fromEditionId, toEditionId);
    },

    /** The job: sends every reminder due at `now` across the editions; answers how many mails it queued. */
    async sendDue(now: Date, logger?: PinoLike): Promise<number> {
      let mailed = 0;
      for (const edition of await allEditions(db)) {
        for (const kind of AUTOMATION_KINDS) {
          if (!isReminderKind(kind)) continue;
          const count = await runItem(edition, kind, now);
          if (count > 0) logger?.info({ editionId: edition.id, kind, mails: count }, 'automations: sent');
          mailed += count;
        }
      }
      return mailed;
    },

    // ---- the account's reminders ---------------------------------------------------------------------------

    async reminders(caller: AuthContext): Promise<{ enabled: boolean }> {
      return { enabled: !(await isOptedOut(db, caller.accountId)) };
    },

    setReminders,

    /**
     * The one-click opt-out link (RFC 8058): opts out the account its token names; null for a token this server
     * did not make, or whose account is gone.
     */
    async optOut(
      token: string,
      requestId: string,
      now = new Date(),
    ): Promise<{ email: string; language: Language } | null> {
      const accountId = accountOfOptOutToken(secret, token);
      if (!accountId) return null;
      const account = await accountForReminders(db, accountId);
      if (!account) return null;
      await setReminders({ accountId, requestId }, accountId, false, now);
      return { email: account.email, language: account.language };
    },
  };
}

export type AutomationsService = ReturnType<typeof createAutomationsService>;
