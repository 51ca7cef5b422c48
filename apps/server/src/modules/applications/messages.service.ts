import {
  APPLICATION_MESSAGES_PER_HOUR,
  type ApplicationMessage,
  type ApplicationMessageSide,
  type Language,
  translate,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { editionLabel } from './application-mails.ts';
import { type ApplicationRow, companyNameAndNif, membersToWrite } from './applications.repository.ts';
import { APPLICATION_ENTITY, applicationRow, companyApplicationRow } from './applications.service.ts';
import { editionRow } from './editions.service.ts';
import {
  type ApplicationMessageRow,
  evaluatorsToWrite,
  insertMessage,
  messagesOf,
  messagesSince,
} from './messages.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The audit action of a message, by side: the application's history and the company's activity list it. */
const MESSAGE_ACTIONS: Record<ApplicationMessageSide, string> = {
  company: 'messageFromCompany',
  evaluator: 'messageFromEvaluator',
};

/** 429 past APPLICATION_MESSAGES_PER_HOUR messages of one side on one application in the last hour. */
const tooManyMessages = () =>
  new AppError(429, 'rate_limited', 'applicationMessages:errors.tooMany', {
    params: { max: APPLICATION_MESSAGES_PER_HOUR },
  });

/** The message's lines in a mail: each line of the text as it was written (the layout escapes them). */
const bodyLines = (body: string) => body.split(/\r\n|\r|\n/);

/**
 * The thread of an application between the company's members and the evaluators (docs/architecture.md,
 * applications). Reading is any member's and the admins'; writing the company's side is its owner's and its
 * accountant's ('prepare'), the evaluators' side any admin's. A message may be written whatever the
 * application's state, for as long as it exists (a closed company's messages are erased with it). Each message is
 * mailed through the outbox to the other side, each recipient in their language, and writes an audit row with the
 * company's id, in the same transaction; the audit row names the message, never its text, so the closure's
 * erasure of the thread leaves none of it behind.
 */
export function createApplicationMessagesService(deps: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = deps;

  /**
   * A company reads the evaluators' messages as the evaluation team's, never under an admin's own name: the
   * evaluation is the team's (its decisions are confirmed by a second admin, and the company's view of a decision
   * names no admin either), and a name would invite a company to write to, or lean on, one evaluator in person.
   * Admins read every author's name.
   */
  function present(
    rows: { message: ApplicationMessageRow; authorName: string | null }[],
    asAdmin: boolean,
    language: Language,
  ): ApplicationMessage[] {
    const team = translate(language, 'applicationMessages:evaluationTeam');
    return rows.map(({ message, authorName }) => ({
      id: message.id,
      side: message.side,
      authorName: message.side === 'evaluator' && !asAdmin ? team : authorName,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    }));
  }

  /** The mails of a message, to the other side: the company's members, or the active admins. */
  async function mailsFor(
    tx: Executor,
    row: ApplicationRow,
    side: ApplicationMessageSide,
    author: string,
    body: string,
  ): Promise<OutgoingMail[]> {
    const [edition, company, recipients] = await readTogether(tx, [
      () => editionRow(tx, row.editionId),
      () => companyNameAndNif(tx, row.companyId),
      () => (side === 'company' ? evaluatorsToWrite(tx) : membersToWrite(tx, row.companyId)),
    ]);
    const kind = side === 'company' ? 'toEvaluators' : 'toCompany';
    return recipients.map((recipient) => {
      const { language } = recipient;
      const params = {
        name: recipient.name,
        author,
        companyName: company?.companyName ?? '',
        edition: editionLabel(edition, language),
      };
      const t = (key: string) => translate(language, `applicationMessagesMail:${key}`, params);
      const link =
        side === 'company'
          ? `${publicUrl}/${language}/admin/application?application=${encodeURIComponent(row.id)}`
          : `${publicUrl}/${language}/company/application`;
      return layoutMail({
        to: recipient.email,
        language,
        subject: t(`${kind}.subject`),
        greeting: t('greeting'),
        lines: [t(`${kind}.intro`), '', ...bodyLines(body), '', t(`${kind}.action`)],
        link,
      });
    });
  }

  /**
   * Writes one message of `side` on the application `find` locks: the lock makes the hourly count exact when
   * several messages come at once.
   */
  async function write(
    actor: Actor,
    caller: AuthContext,
    find: (tx: Executor) => Promise<ApplicationRow>,
    side: ApplicationMessageSide,
    body: string,
    now: Date,
  ): Promise<ApplicationMessage> {
    return db.transaction(async (tx) => {
      const row = await find(tx);
      const sent = await messagesSince(tx, row.id, side, new Date(now.getTime() - HOUR_MS));
      if (sent >= APPLICATION_MESSAGES_PER_HOUR) throw tooManyMessages();
      const message = await insertMessage(tx, {
        applicationId: row.id,
        side,
        authorId: actor.accountId,
        body,
        createdAt: now,
      });
      await writeAudit(tx, {
        actorAccountId: actor.accountId,
        action: MESSAGE_ACTIONS[side],
        entity: APPLICATION_ENTITY,
        entityId: row.id,
        companyId: row.companyId,
        before: null,
        after: { messageId: message.id, side },
        requestId: actor.requestId ?? null,
      });
      for (const mail of await mailsFor(tx, row, side, caller.name, body)) await enqueueMail(tx, mail);
      const [presented] = present([{ message, authorName: caller.name }], true, caller.language);
      if (!presented) throw new Error('Presenting the message returned nothing');
      return presented;
    });
  }

  return {
    /** The company's view of the thread (any member; admins too, reading names). */
    async list(
      caller: AuthContext,
      companyId: string,
      id: string,
      language: Language,
    ): Promise<ApplicationMessage[]> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId, 'read');
      const row = await companyApplicationRow(db, companyId, id);
      return present(await messagesOf(db, row.id), asAdmin, language);
    },

    /**
     * A message of the company's side (its owner or accountant); an admin writing here writes the evaluators'.
     * 429 past the hourly allowance of the side.
     */
    async post(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      body: string,
      now = new Date(),
    ): Promise<ApplicationMessage> {
      const asAdmin = await assertCompanyAccess(db, caller, companyId, 'prepare');
      const side: ApplicationMessageSide = asAdmin ? 'evaluator' : 'company';
      return write(actor, caller, (tx) => companyApplicationRow(tx, companyId, id, true), side, body, now);
    },

    /** The evaluators' view of the thread. */
    async adminList(id: string, language: Language): Promise<ApplicationMessage[]> {
      const row = await applicationRow(db, id);
      return present(await messagesOf(db, row.id), true, language);
    },

    /** A message of the evaluators' side; 410 when the company is closed (nobody is left to read it). */
    async adminPost(
      caller: AuthContext,
      actor: Actor,
      id: string,
      body: string,
      now = new Date(),
    ): Promise<ApplicationMessage> {
      const row = await applicationRow(db, id);
      await assertCompanyAccess(db, caller, row.companyId, 'prepare');
      return write(actor, caller, (tx) => applicationRow(tx, id, true), 'evaluator', body, now);
    },
  };
}

export type ApplicationMessagesService = ReturnType<typeof createApplicationMessagesService>;
