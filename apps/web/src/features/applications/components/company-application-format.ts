import {
  APPLICATION_FILE_TYPE_COUNT,
  type Application,
  type ApplicationFile,
  type ApplicationIndicator,
  Decimal,
  fileTypeOfName,
  formatDisplayDate,
  indicatorValueText,
  type Language,
  type TargetComparison,
} from '@excelencia/domain';

/**
 * Pure helpers of the company's application screens: how far a criterion is from its threshold in words, which
 * document sits in which slot, what still stops a submission, and dates in the reader's language.
 */

export interface GapDisplay {
  /**
   * above / below: the margin of a minimum ('>', '≥') or a maximum ('<', '≤'); short / over: the shortfall of
   * a minimum or the excess over a maximum; off: the distance from an exact target; at: on the threshold.
   */
  kind: 'above' | 'below' | 'short' | 'over' | 'off' | 'at';
  /** The distance without its sign ('0.05'); '' at the threshold. */
  amount: string;
}

/**
 * The signed gap (positive = margin, negative = shortfall) in words that follow the threshold's direction,
 * and the distance, written with enough decimals that a non-zero gap never reads as 0 ('short by 0.00003',
 * not 'short by 0.0000'). Null when there is no gap (the value is not computable).
 */
export function gapDisplay(
  gap: string | null,
  /** Without it the words are those of a minimum (above / short), the sign's plain reading. */
  comparison: TargetComparison = '>=',
): GapDisplay | null {
  if (gap === null) return null;
  const value = Decimal.tryFromString(gap.trim());
  if (!value) return null;
  if (value.isZero()) return { kind: 'at', amount: '' };
  const amount = indicatorValueText(value.abs(), { comparison: '>', value: '0' });
  const maximum = comparison === '<' || comparison === '<=';
  if (value.sign() > 0) return { kind: maximum ? 'below' : 'above', amount };
  if (comparison === '=') return { kind: 'off', amount };
  return { kind: maximum ? 'over' : 'short', amount };
}

/**
 * The slot of a stored document: the type its name carries (its second underscore-separated part), else the type
 * the server stored.
 */
export function slotOfFile(file: Pick<ApplicationFile, 'fileName' | 'fileType'>): number {
  return fileTypeOfName(file.fileName) ?? file.fileType;
}

/** The documents by slot (0-7); a slot without a document is absent. */
export function filesBySlot(files: readonly ApplicationFile[]): Map<number, ApplicationFile> {
  const out = new Map<number, ApplicationFile>();
  for (const file of files) {
    const slot = slotOfFile(file);
    const held = out.get(slot);
    // Two files of one slot cannot happen through the API; the newest wins if a copy ever did it.
    if (!held || file.dateInsert > held.dateInsert) out.set(slot, file);
  }
  return out;
}

/** How many of the 8 slots have no document. */
export function missingDocumentCount(files: readonly ApplicationFile[]): number {
  const held = filesBySlot(files);
  let missing = 0;
  for (let slot = 0; slot < APPLICATION_FILE_TYPE_COUNT; slot += 1) if (!held.has(slot)) missing += 1;
  return missing;
}

/** Whether the company may change the document of `slot` now: a draft, and only the reopened slot if any. */
export function slotEditable(
  application: Pick<Application, 'status' | 'reopenedFileType'>,
  slot: number,
): boolean {
  if (application.status !== 'draft') return false;
  return application.reopenedFileType === null || application.reopenedFileType === slot;
}

export interface SubmitBlockers {
  /** Documents still to upload. */
  missingDocuments: number;
  /** The criteria not met or not computable (in the order received). */
  failedCriteria: ApplicationIndicator[];
  /** Years whose annual trial balance must be uploaded. */
  missingYears: number[];
  /** Whether uploads are still being sent. */
  uploading: boolean;
}

/** What stops the submission of a draft; none of these (and no upload in flight) means it can be sent. */
export function submitBlockers(
  application: Pick<Application, 'files' | 'applicationFinancialIndicators' | 'missingYears'>,
  uploading: boolean,
): SubmitBlockers {
  return {
    missingDocuments: missingDocumentCount(application.files),
    failedCriteria: application.applicationFinancialIndicators.filter((row) => row.passed !== true),
    missingYears: [...application.missingYears],
    uploading,
  };
}

export function canSubmit(blockers: SubmitBlockers): boolean {
  return (
    blockers.missingDocuments === 0 &&
    blockers.failedCriteria.length === 0 &&
    blockers.missingYears.length === 0 &&
    !blockers.uploading
  );
}

/** The years as a list in the reader's language ('2023 and 2024', '2023 et 2024'). */
export function yearsText(years: readonly number[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
    [...years].sort((a, b) => a - b).map(String),
  );
}

/** A date as the site writes dates, in the reader's language and Cabo Verde time ('12 - março - 2026'). */
export function dateText(iso: string, language: Language): string {
  return formatDisplayDate(iso, language);
}

/** The same with the time ('12 - março - 2026 09:30'). */
export function dateTimeText(iso: string, language: Language): string {
  return formatDisplayDate(iso, language, { time: true });
}
