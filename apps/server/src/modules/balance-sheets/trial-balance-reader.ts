import { type FileHandle, open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { MAX_CELL_TEXT, type TrialBalanceChecker } from '@excelencia/domain';
import { entryContent, readZipDirectory, type ZipEntry } from './xlsx-guard.ts';

/*
 * A streaming reader of the first worksheet of an .xlsx, for the upload check only.
 *
 * It reads what exceljs's streaming WorkbookReader reads with worksheets 'emit', sharedStrings 'cache', styles
 * and hyperlinks 'ignore', and gives the checker the same cells, but without exceljs's row and cell objects, its
 * per-row async iteration, its temporary file per worksheet and its general-purpose XML parser, which on a
 * 50 000-line sheet take most of the time and memory of an upload.
 * The behaviour kept from exceljs, deliberately (the tests of this file compare both readers):
 * - the "first" worksheet is the first xl/worksheets/sheetN.xml in the zip, except that worksheets stored
 *   before both xl/sharedStrings.xml and xl/_rels/workbook.xml.rels come after the others;
 * - styles are not read, so a date is its serial number; a formula gives its cached result;
 * - text of `t="str"` and inline-string cells has its entities decoded a second time; of an inline string
 *   with several runs, only the last run is kept; a shared string with a phonetic reading reads as that
 *   reading; a `t="s"` cell in a workbook without shared strings reads as '[object Object]';
 * - CDATA sections are ignored, unclosed elements at the end of a part are not an error, every <row> of the
 *   sheet data is a row (even without cells), and a cell whose `r` has no column letter is an error.
 * Where exceljs refuses a file, lets a bad row number through to the database or loses a value, the reader
 * decides (OOXML lets `r` out of rows and cells):
 * - a formula's cached result is read as a plain cell of its type would be (0 is 0, an error is its text, a
 *   boolean a boolean), blank only without a <v> or with an empty one; exceljs drops a result of 0, '' or an
 *   error (reads it as blank, so a sheet of formulas giving 0 is refused) and gives a boolean result as 1 or 0;
 * - a row without `r` is the row after the previous one; a row number that is not an integer from 1 to
 *   1 048 576 above the previous row's refuses the file (RowNumberError): it becomes the stored line's number;
 * - a cell without `r` is in the column after the previous cell's; a cell's column is read from its `r`, whose
 *   row part is not looked at (the row is the <row>'s);
 * - a text (cell or shared string) is kept up to MAX_CELL_TEXT + 1 characters, which the checker refuses as
 *   too long: memory is bounded by the number of shared strings (their part by the xlsx guard), not their size.
 */

/**
 * Texts are kept up to this many characters: one more than the checker accepts, so a longer text is refused
 * as too long rather than cut, and no cell or shared string holds more in memory.
 */
const TEXT_CAP = MAX_CELL_TEXT + 1;

/** `text` + `more`, cut at TEXT_CAP characters. */
function capped(text: string, more: string): string {
  if (text.length >= TEXT_CAP) return text;
  const joined = text + more;
  return joined.length > TEXT_CAP ? joined.slice(0, TEXT_CAP) : joined;
}

/** The last row and column of a worksheet (XFD1048576). */
export const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

/** A row of the first worksheet numbered out of order or out of range: `value` where `min`…1 048 576 was due. */
export class RowNumberError extends Error {
  readonly value: string;
  readonly min: number;
  constructor(value: string, min: number) {
    super(`row number ${JSON.stringify(value)} where ${min} to ${MAX_ROW} was due`);
    this.name = 'RowNumberError';
    this.value = value;
    this.min = min;
  }
}

/**
 * The parts of an XML document, in order, as XmlScanner finds them. The attributes of an opening tag are
 * `source.slice(from, to)`, read with readAttributes when wanted (most tags' are not).
 */
interface XmlHandler {
  open(name: string, source: string, from: number, to: number): void;
  text(text: string): void;
  close(name: string): void;
  /**
   * Optional: offered each element met inside the root, at its '<' in `source`, before it is scanned. A handler
   * that recognises the whole element there (in that text) answers where it ends, having done exactly what the
   * open, text and close calls of its scan would have done; -1 lets the scan go on. (The worksheet's cells: a
   * 50 000-line upload has 200 000 of them, see SheetRows.element.)
   */
  element?(source: string, lt: number): number;
  /**
   * Optional, likewise for the opening tags of elements named `startName` (a worksheet's rows): answers where
   * the tag ends, having done what open would have done; the scanner then holds the element open.
   */
  readonly startName?: string;
  start?(source: string, lt: number): number;
}

class XmlError extends Error {
  constructor(detail: string) {
    super(`malformed XML: ${detail}`);
    this.name = 'XmlError';
  }
}

/** No single tag, comment, CDATA section or processing instruction of a workbook is anywhere near this. */
const MAX_MARKUP = 256 * 1024;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Entity and character references decoded (the five predefined entities only: xlsx parts have no DTD). */
function decodeEntities(raw: string): string {
  let at = raw.indexOf('&');
  if (at < 0) return raw;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const end = raw.indexOf(';', at);
    if (end < 0) throw new XmlError('unterminated reference');
    const name = raw.slice(at + 1, end);
    let value: string | undefined;
    if (name.charCodeAt(0) === 35 /* # */) {
      const code = /^#x[\da-fA-F]{1,6}$/.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : /^#\d{1,7}$/.test(name)
          ? Number.parseInt(name.slice(1), 10)
          : -1;
      if (!isXmlChar(code)) throw new XmlError(`bad character reference &${name};`);
      value = String.fromCodePoint(code);
    } else {
      value = PREDEFINED[name];
      if (value === undefined) throw new XmlError(`undefined entity &${name};`);
    }
    out += raw.slice(from, at) + value;
    from = end + 1;
    at = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

/** Text as XML gives it: line ends normalized to \n, then references decoded. */
function decodeText(raw: string): string {
  return decodeEntities(raw.indexOf('\r') < 0 ? raw : raw.replace(/\r\n?/g, '\n'));
}

const NAME = /^[\p{L}_:][\p{L}\p{N}\p{M}_:.\-\u00B7\u203F\u2040]*$/u;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Whether a character may be in an XML name, for ASCII (the rest is checked with NAME). */
function isAsciiNameChar(code: number, first: boolean): boolean {
  const lower = code | 32;
  if (lower >= 97 && lower <= 122) return true; // a-z, A-Z
  if (code === 95 /* _ */ || code === 58 /* : */) return true;
  return !first && ((code >= 48 && code <= 57) || code === 45 /* - */ || code === 46) /* . */;
}

/**
 * Reads the attributes in `source.slice(from, to)` (the text after a tag's name): `values[i]` becomes the
 * decoded value of `names[i]`, undefined when absent. Throws on malformed attributes (missing whitespace, '='
 * or quotes, a bad name, '<' in a value, a wanted name given twice), wanted or not.
 */
export function readAttributes(
  source: string,
  from: number,
  to: number,
  names: readonly string[],
  values: Array<string | undefined>,
): void {
  for (let i = 0; i < values.length; i += 1) values[i] = undefined;
  let at = from;
  for (;;) {
    const start = at;
    while (at < to && isSpace(source.charCodeAt(at))) at += 1;
    if (at === to) return;
    if (at === start) throw new XmlError('no space before an attribute');
    const nameStart = at;
    let ascii = true;
    while (at < to) {
      const c = source.charCodeAt(at);
      if (c === 61 /* = */ || isSpace(c)) break;
      if (c >= 128) ascii = false;
      else if (!isAsciiNameChar(c, at === nameStart)) throw new XmlError('bad attribute name');
      at += 1;
    }
    const nameEnd = at;
    if (nameEnd === nameStart || (!ascii && !NAME.test(source.slice(nameStart, nameEnd)))) {
      throw new XmlError('bad attribute name');
    }
    while (at < to && isSpace(source.charCodeAt(at))) at += 1;
    if (at === to || source.charCodeAt(at) !== 61) throw new XmlError('attribute without a value');
    at += 1;
    while (at < to && isSpace(source.charCodeAt(at))) at += 1;
    const quote = source.charCodeAt(at);
    if (at === to || (quote !== 34 && quote !== 39)) throw new XmlError('unquoted attribute value');
    const valueStart = at + 1;
    // The value: up to the closing quote; '<' is not allowed, '&' and whitespace other than ' ' need work.
    let plain = true;
    for (at = valueStart; at < to; at += 1) {
      const c = source.charCodeAt(at);
      if (c === quote) break;
      if (c === 60 /* < */) throw new XmlError('< in an attribute value');
      if (c === 38 /* & */ || c === 9 || c === 10 || c === 13) plain = false;
    }
    if (at === to) throw new XmlError('unterminated attribute value');
    const valueEnd = at;
    at += 1;
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i] as string;
      if (name.length !== nameEnd - nameStart || !source.startsWith(name, nameStart)) continue;
      if (values[i] !== undefined) throw new XmlError(`duplicate attribute ${name}`);
      const raw = source.slice(valueStart, valueEnd);
      values[i] = plain ? raw : decodeEntities(raw.replace(/\r\n?|[\n\t]/g, ' '));
    }
  }
}

/**
 * A small streaming XML tokenizer for the parts of an xlsx: elements, attributes, text (with the predefined
 * entities and character references), comments, processing instructions, CDATA (skipped, as exceljs's parser
 * setup ignored it); no DTD. Well-formedness is checked where it is cheap: tag names and nesting, a single
 * root, no text outside it, attribute syntax, references. Fed decoded text in chunks of any size.
 */
export class XmlScanner {
  private readonly handler: XmlHandler;
  private rest = '';
  private readonly stack: string[] = [];
  private rootClosed = false;
  private started = false;
  private readonly names = new Set<string>();

  constructor(handler: XmlHandler) {
    this.handler = handler;
  }

  write(chunk: string): void {
    let s = this.rest + chunk;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const length = s.length;
    let at = 0;
    while (at < length) {
      const lt = s.indexOf('<', at);
      if (lt < 0) {
        // Text to the end of the chunk: a reference or a \r\n cut in two waits for the next chunk.
        let end = length;
        const amp = s.lastIndexOf('&');
        if (amp >= at && s.indexOf(';', amp) < 0) end = amp;
        if (end > at && s.charCodeAt(end - 1) === 13) end -= 1;
        if (end > at) this.text(s.slice(at, end));
        at = end;
        break;
      }
      if (lt > at) this.text(s.slice(at, lt));
      if (this.handler.element !== undefined && this.stack.length > 0) {
        const end = this.handler.element(s, lt);
        if (end >= 0) {
          at = end;
          continue;
        }
      }
      const { start, startName } = this.handler;
      if (
        start !== undefined &&
        startName !== undefined &&
        this.stack.length > 0 &&
        s.startsWith(startName, lt + 1)
      ) {
        const end = start.call(this.handler, s, lt);
        if (end >= 0) {
          this.stack.push(startName);
          at = end;
          continue;
        }
      }
      const next = this.markup(s, lt);
      if (next < 0) {
        at = lt;
        break;
      }
      at = next;
    }
    this.rest = at < length ? s.slice(at) : '';
    if (this.rest.length > MAX_MARKUP) throw new XmlError('markup too long');
  }

  private text(raw: string): void {
    if (this.stack.length === 0) {
      if (raw.trim() !== '') throw new XmlError('text outside the root element');
      return;
    }
    this.handler.text(decodeText(raw));
  }

  /** The markup starting at `lt`: its end (exclusive), or -1 when it is not complete in `s` yet. */
  private markup(s: string, lt: number): number {
    const c1 = s.charCodeAt(lt + 1);
    if (Number.isNaN(c1)) return -1;
    if (c1 === 63 /* ? */) {
      const end = s.indexOf('?>', lt + 2);
      return end < 0 ? -1 : end + 2;
    }
    if (c1 === 33 /* ! */) {
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        return end < 0 ? -1 : end + 3;
      }
      if (s.startsWith('<![CDATA[', lt)) {
        if (this.stack.length === 0) throw new XmlError('CDATA outside the root element');
        const end = s.indexOf(']]>', lt + 9);
        return end < 0 ? -1 : end + 3;
      }
      if (s.length - lt < 9) return -1;
      throw new XmlError('DTD or unknown declaration');
    }
    if (c1 === 47 /* / */) {
      const gt = s.indexOf('>', lt + 2);
      if (gt < 0) return -1;
      const name = this.stack.pop();
      // </name> or </name  >, nothing else.
      if (
        name === undefined ||
        !s.startsWith(name, lt + 2) ||
        (lt + 2 + name.length !== gt && s.slice(lt + 2 + name.length, gt).trim() !== '')
      ) {
        throw new XmlError(`unexpected ${s.slice(lt, Math.min(gt + 1, lt + 40))}`);
      }
      if (this.stack.length === 0) this.rootClosed = true;
      this.handler.close(name);
      return gt + 1;
    }
    // An opening tag: its name, then attributes up to the first '>' outside quotes.
    const length = s.length;
    let nameEnd = lt + 1;
    let c = 0;
    while (nameEnd < length) {
      c = s.charCodeAt(nameEnd);
      if (c === 62 /* > */ || c === 47 /* / */ || isSpace(c)) break;
      nameEnd += 1;
    }
    if (nameEnd === length) return -1;
    let gt = nameEnd;
    if (c !== 62) {
      let quote = 0;
      for (gt = nameEnd; gt < length; gt += 1) {
        const code = s.charCodeAt(gt);
        if (quote !== 0) {
          if (code === quote) quote = 0;
        } else if (code === 62 /* > */) {
          break;
        } else if (code === 34 || code === 39) {
          quote = code;
        } else if (code === 60 /* < */) {
          throw new XmlError('< in a tag');
        }
      }
      if (gt === length) return -1;
    }
    const name = s.slice(lt + 1, nameEnd);
    if (!this.names.has(name)) {
      if (!NAME.test(name)) throw new XmlError(`bad element name ${JSON.stringify(name.slice(0, 40))}`);
      if (this.names.size < 1000) this.names.add(name);
    }
    if (this.rootClosed) throw new XmlError('more than one root element');
    const selfClosing = s.charCodeAt(gt - 1) === 47;
    this.handler.open(name, s, nameEnd, selfClosing ? gt - 1 : gt);
    if (selfClosing) {
      if (this.stack.length === 0) this.rootClosed = true;
      this.handler.close(name);
    } else {
      this.stack.push(name);
    }
    return gt + 1;
  }
}

/** Streams one zip entry, UTF-8 decoded, through an XmlScanner into `handler`. */
async function scanEntry(handle: FileHandle, entry: ZipEntry, handler: XmlHandler): Promise<void> {
  const scanner = new XmlScanner(handler);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of await entryContent(handle, entry)) {
    scanner.write(decoder.write(chunk as Buffer));
  }
  scanner.write(decoder.end());
  // As in exceljs's parser, which is never closed: unclosed elements at the end are not an error.
}

const NO_NAMES: readonly string[] = [];
const NO_VALUES: Array<string | undefined> = [];

/** Nothing but well-formedness (the workbook and its relationships, as exceljs parsed them). */
const IGNORE: XmlHandler = {
  open(_name, source, from, to) {
    readAttributes(source, from, to, NO_NAMES, NO_VALUES);
  },
  text() {},
  close() {},
};

/** xl/sharedStrings.xml: every <si> as text (its runs joined), null when it has none; as exceljs cached it. */
class SharedStrings implements XmlHandler {
  readonly strings: Array<string | null> = [];
  private run: string | null = null;
  /** The runs (<r>) of the current item joined, null while it has none. Both cut at TEXT_CAP. */
  private runs: string | null = null;

  open(name: string, source: string, from: number, to: number): void {
    readAttributes(source, from, to, NO_NAMES, NO_VALUES);
    if (name === 'si') {
      this.runs = null;
      this.run = null;
    } else if (name === 't') {
      this.run = null;
    }
  }

  text(text: string): void {
    this.run = this.run ? capped(this.run, text) : capped('', text);
  }

  close(name: string): void {
    if (name === 'r') {
      this.runs = capped(this.runs ?? '', this.run ?? '');
      this.run = null;
    } else if (name === 'si') {
      this.strings.push(this.runs ?? this.run);
      this.runs = null;
      this.run = null;
    }
  }
}

/** exceljs's second decoding of `t="str"` and inline-string text (only the five named entities). */
function xmlDecodeAgain(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(/&([a-z]*);/g, (match, name: string) =>
    name === 'lt' || name === 'gt' || name === 'amp' || name === 'apos' || name === 'quot'
      ? (PREDEFINED[name] ?? match)
      : match,
  );
}

/** The column number of a cell reference ('C12' → 3), as exceljs's decodeAddress reads it. */
function columnOf(ref: string): number {
  let column = 0;
  let hasColumn = false;
  let hasRow = false;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (!hasRow && c >= 65 && c <= 90) {
      hasColumn = true;
      column = column * 26 + c - 64;
    } else if (c >= 48 && c <= 57) {
      hasRow = true;
    } else if (hasRow && hasColumn && c !== 36) {
      break;
    }
  }
  if (!hasColumn || column > MAX_COLUMN) throw new XmlError(`bad cell reference ${ref.slice(0, 20)}`);
  return column;
}

type RowListener = (cells: unknown[], row: number) => void;

const ROW_ATTRIBUTES = ['r'];
const CELL_ATTRIBUTES = ['r', 't'];

const NO_TEXT = 0;
const VALUE_TEXT = 1;

const ROW_NUMBER = /^\d{1,7}$/;

/**
 * A whole cell element with plain attributes and a plain value (SheetRows.element): attributes with ASCII names,
 * after XML whitespace, each double-quoted, without a reference, '<', tab or line end in the value; a value
 * without '<', '&' or carriage return, so the text as XML gives it.
 */
/** A row's opening tag with plain attributes, as SIMPLE_CELL's (SheetRows.start); not a self-closing one. */
const SIMPLE_ROW = /<row(?:[ \t\n\r]+[A-Za-z_:][-\w:.]*[ \t\n\r]*=[ \t\n\r]*"[^"<&\t\n\r]*")*[ \t\n\r]*>/y;

const SIMPLE_CELL =
  /<c(?:[ \t\n\r]+[A-Za-z_:][-\w:.]*[ \t\n\r]*=[ \t\n\r]*"[^"<&\t\n\r]*")*[ \t\n\r]*><v>[^<&\r]*<\/v><\/c>/y;

/**
 * A worksheet's <sheetData>: each row's cells (index 0 = column A) as plain values (text, number, boolean,
 * null; cells left out are holes), given to `onRow` when the row closes. `wantCells` false: rows are only counted, cells not built.
 * `checkRowNumbers`: rows numbered out of order or range throw RowNumberError (the first sheet's rows are stored).
 */
class SheetRows implements XmlHandler {
  private readonly sharedStrings: Array<string | null> | undefined;
  private readonly onRow: RowListener;
  private readonly checkRowNumbers: boolean;
  wantCells = true;
  private inRows = false;
  private rowNumber = 0;
  private column = 0;
  private cells: unknown[] | null = null;
  private inCell = false;
  private ref: string | undefined;
  private type: string | undefined;
  private hasFormula = false;
  private value: string | null = null;
  private current = NO_TEXT;

  private readonly attributes: Array<string | undefined> = [undefined, undefined];

  constructor(sharedStrings: Array<string | null> | undefined, onRow: RowListener, checkRowNumbers = false) {
    this.sharedStrings = sharedStrings;
    this.onRow = onRow;
    this.checkRowNumbers = checkRowNumbers;
  }

  /** The number of a row from its `r` (the one after the previous row when absent). */
  private nextRowNumber(r: string | undefined): number {
    const min = this.rowNumber + 1;
    if (r === undefined) {
      if (this.checkRowNumbers && min > MAX_ROW) throw new RowNumberError(String(min), min);
      return min;
    }
    const text = r.trim();
    const number = ROW_NUMBER.test(text) ? Number(text) : Number.NaN;
    if (!this.checkRowNumbers) return Number.isNaN(number) ? min : number;
    if (!(number >= min && number <= MAX_ROW)) throw new RowNumberError(r.slice(0, 20), min);
    return number;
  }

  open(name: string, source: string, from: number, to: number): void {
    switch (name) {
      case 'sheetData':
        this.inRows = true;
        break;
      case 'row':
        if (this.inRows) {
          readAttributes(source, from, to, ROW_ATTRIBUTES, this.attributes);
          this.rowNumber = this.nextRowNumber(this.attributes[0]);
          this.column = 0;
          this.cells = [];
          return;
        }
        break;
      case 'c':
        if (this.cells) {
          readAttributes(source, from, to, CELL_ATTRIBUTES, this.attributes);
          this.ref = this.attributes[0];
          this.type = this.attributes[1];
          this.inCell = true;
          this.hasFormula = false;
          this.value = null;
          this.current = NO_TEXT;
          return;
        }
        break;
      case 'f':
        if (this.inCell) {
          // Only that there is a formula matters (its text is not kept).
          this.hasFormula = true;
          this.current = NO_TEXT;
        }
        break;
      case 'v':
      case 'is':
      case 't':
        if (this.inCell) {
          this.value = '';
          this.current = VALUE_TEXT;
        }
        break;
    }
    if (from < to) readAttributes(source, from, to, NO_NAMES, NO_VALUES);
  }

  text(text: string): void {
    if (this.current === VALUE_TEXT) this.value = capped(this.value ?? '', text);
  }

  close(name: string): void {
    switch (name) {
      case 'sheetData':
        this.inRows = false;
        break;
      case 'row':
        if (this.cells) {
          const cells = this.cells;
          this.cells = null;
          this.onRow(cells, this.rowNumber);
        }
        break;
      case 'c':
        if (this.cells && this.inCell) this.endCell(this.cells);
        break;
    }
  }

  /**
   * The r (and with `withType` the t) of a SIMPLE_CELL's or SIMPLE_ROW's attributes into `attributes`, as
   * readAttributes reads them: there each is `name="value"` after XML whitespace, with nothing to decode, so only
   * where they are is looked for; a wanted one given twice is refused as readAttributes refuses it.
   */
  private plainAttributes(source: string, from: number, to: number, withType: boolean): void {
    let ref: string | undefined;
    let type: string | undefined;
    let at = from;
    for (;;) {
      while (at < to && isSpace(source.charCodeAt(at))) at += 1;
      if (at >= to) break;
      const equals = source.indexOf('=', at);
      let nameEnd = equals;
      while (isSpace(source.charCodeAt(nameEnd - 1))) nameEnd -= 1;
      const open = source.indexOf('"', equals + 1);
      const close = source.indexOf('"', open + 1);
      if (nameEnd - at === 1) {
        const name = source.charCodeAt(at);
        if (name === 114 /* r */) {
          if (ref !== undefined) throw new XmlError('duplicate attribute r');
          ref = source.slice(open + 1, close);
        } else if (name === 116 /* t */ && withType) {
          if (type !== undefined) throw new XmlError('duplicate attribute t');
          type = source.slice(open + 1, close);
        }
      }
      at = close + 1;
    }
    this.attributes[0] = ref;
    this.attributes[1] = type;
  }

  readonly startName = 'row';

  /** A row's opening tag with plain attributes (SIMPLE_ROW), taken whole: what open('row') does. */
  start(source: string, lt: number): number {
    if (!this.inRows) return -1;
    SIMPLE_ROW.lastIndex = lt;
    if (!SIMPLE_ROW.test(source)) return -1;
    const end = SIMPLE_ROW.lastIndex;
    this.plainAttributes(source, lt + 4, end - 1, false);
    this.rowNumber = this.nextRowNumber(this.attributes[0]);
    this.column = 0;
    this.cells = [];
    return end;
  }

  /** A cell closes: its column, and its value unless blank. */
  private endCell(cells: unknown[]): void {
    const column = this.ref === undefined ? this.column + 1 : columnOf(this.ref);
    if (column > MAX_COLUMN) throw new XmlError('a cell past column XFD');
    this.column = column;
    // Cells left out are holes, which the checker reads as blank (no filling up to column XFD).
    if (this.wantCells && (this.hasFormula || this.value !== null)) {
      cells[column - 1] = this.cellValue();
    }
    this.inCell = false;
    this.current = NO_TEXT;
  }

  /**
   * A cell as spreadsheets write most of them, `<c r="B7" t="s"><v>12</v></c>` (any attributes, double-quoted,
   * without references; a value without references or carriage returns), taken whole: what open('c'),
   * open('v'), text and close('v'), close('c') do, in one match instead of five scanning steps.
   */
  element(source: string, lt: number): number {
    if (this.cells === null || this.inCell || source.charCodeAt(lt + 1) !== 99 /* c */) return -1;
    SIMPLE_CELL.lastIndex = lt;
    if (!SIMPLE_CELL.test(source)) return -1;
    // Found by position (no match array): '<' is in neither the attributes nor the value.
    const end = SIMPLE_CELL.lastIndex;
    const valueEnd = end - 8; // </v></c>
    const valueStart = source.lastIndexOf('<v>', valueEnd) + 3;
    this.plainAttributes(source, lt + 2, valueStart - 4, true);
    this.ref = this.attributes[0];
    this.type = this.attributes[1];
    this.inCell = true;
    this.hasFormula = false;
    this.value = capped('', source.slice(valueStart, valueEnd));
    this.endCell(this.cells);
    return end;
  }

  /**
   * The plain value of the cell just closed, as exceljs's reader and its cell objects made it, except for
   * formulas: their cached result (the <v>) read as a plain cell of the same type would be, blank only when
   * there is no <v> or it is empty (exceljs dropped results of 0, '' or an error, so they read as blank).
   */
  private cellValue(): unknown {
    const text = this.value;
    if (text === null || (this.hasFormula && text === '')) return null;
    switch (this.type) {
      case 's': {
        if (!this.sharedStrings) return '[object Object]';
        return this.sharedStrings[Number.parseInt(text, 10)] ?? null;
      }
      case 'inlineStr':
      case 'str':
        return xmlDecodeAgain(text);
      case 'e':
        return text;
      case 'b':
        return Number.parseInt(text, 10) !== 0;
      default:
        return Number.parseFloat(text);
    }
  }
}

const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;

/** Blank rows reported per gap (the checker stops collecting problems long before). */
const MAX_BLANK_RUN = 200;

export interface TrialBalanceReading {
  /** Rows (<row> elements) on the first worksheet. */
  firstSheetRows: number;
  /** Whether a later worksheet has any row (to tell "wrong sheet" apart from "empty file"). */
  laterSheetHasRows: boolean;
}

/**
 * Streams the first worksheet of an .xlsx (already passed by assertSafeXlsx, whose entries may be given) into
 * the checker: its first row is the header, every later row a line. Later worksheets are only looked at to see
 * whether they hold rows. Nothing is kept in memory but the shared strings and the current chunk and row.
 * Throws on anything that is not a readable workbook.
 */
export async function readTrialBalance(
  path: string,
  checker: Pick<TrialBalanceChecker, 'header' | 'line' | 'stopped'>,
  entries?: ZipEntry[],
): Promise<TrialBalanceReading> {
  const inZipOrder = [...(entries ?? (await readZipDirectory(path)))].sort(
    (a, b) => a.localHeaderOffset - b.localHeaderOffset,
  );
  const handle = await open(path, 'r');
  try {
    let sharedStrings: Array<string | null> | undefined;
    let relationshipsRead = false;
    const ready: ZipEntry[] = [];
    const deferred: ZipEntry[] = [];
    for (const entry of inZipOrder) {
      if (entry.name === 'xl/_rels/workbook.xml.rels') {
        await scanEntry(handle, entry, IGNORE);
        relationshipsRead = true;
      } else if (entry.name === 'xl/workbook.xml') {
        await scanEntry(handle, entry, IGNORE);
      } else if (entry.name === 'xl/sharedStrings.xml') {
        const strings = new SharedStrings();
        await scanEntry(handle, entry, strings);
        sharedStrings = strings.strings;
      } else if (WORKSHEET.test(entry.name)) {
        (sharedStrings && relationshipsRead ? ready : deferred).push(entry);
      }
    }
    // exceljs reads a worksheet where it meets it once the shared strings and relationships are read, else
    // after the last entry (from a temporary file): the sheets keep that order.
    const sheets = [...ready, ...deferred];

    let firstSheetRows = 0;
    let laterSheetHasRows = false;
    let headerSeen = false;
    let previous = 0;
    const first = new SheetRows(
      sharedStrings,
      (cells, row) => {
        firstSheetRows += 1;
        // Past the row or problem limit the rest is only drained (the checker has its answer).
        if (checker.stopped) {
          first.wantCells = false;
          return;
        }
        if (!headerSeen) {
          headerSeen = true;
          checker.header(cells, row);
        } else {
          // The xml holds no element for an empty row: a gap in the numbers is a blank line.
          for (let blank = previous + 1; blank < row && blank <= previous + MAX_BLANK_RUN; blank += 1) {
            checker.line([], blank);
          }
          checker.line(cells, row);
        }
        previous = row;
      },
      true,
    );
    for (const [index, sheet] of sheets.entries()) {
      if (index === 0) {
        await scanEntry(handle, sheet, first);
      } else {
        const later = new SheetRows(sharedStrings, () => {
          laterSheetHasRows = true;
        });
        later.wantCells = false;
        await scanEntry(handle, sheet, later);
      }
    }
    return { firstSheetRows, laterSheetHasRows };
  } finally {
    await handle.close();
  }
}
