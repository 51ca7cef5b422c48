import { type FileHandle, open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { MAX_CELL_TEXT, type TrialBalanceChecker } from '@excelencia/domain';
import { entryContent, inflatedBeyondDeclared, readZipDirectory, type ZipEntry } from './xlsx-guard.ts';

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
   * that recognises the element there (in that text) answers where what it read ends, having done exactly what
   * the open, text and close calls of its scan would have done; -1 lets the scan go on. It may stop inside an
   * element it has opened (a worksheet's row whose next cell is not in `source` yet), which it names in `held`:
   * the scanner then holds that element open. (A 50 000-line upload has 50 000 rows and 200 000 cells: see
   * SheetRows.element.)
   */
  element?(source: string, lt: number): number;
  held?: string | null;
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
          const held = this.handler.held;
          if (held) {
            this.stack.push(held);
            this.handler.held = null;
          }
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

/** Bytes decoded and scanned at a time. */
const TEXT_PIECE = 32 * 1024;

/**
 * Streams one zip entry, UTF-8 decoded, through an XmlScanner into `handler`; refuses it as a zip bomb the
 * moment it inflates beyond its declared size, and stops once `signal` is aborted. An entry read to its end
 * that realSizeRefusal would pass is added to `inflated`.
 */
async function scanEntry(
  handle: FileHandle,
  entry: ZipEntry,
  handler: XmlHandler,
  { signal, inflated: whole }: ReadOptions,
): Promise<void> {
  const scanner = new XmlScanner(handler);
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  // The bytes after the last '>' of what came so far: held back to come before the next chunk.
  let held: Buffer | null = null;
  for await (const chunk of await entryContent(handle, entry)) {
    signal?.throwIfAborted();
    inflated += (chunk as Buffer).length;
    if (inflated > entry.uncompressedSize) throw inflatedBeyondDeclared(entry);
    const bytes: Buffer = held === null ? (chunk as Buffer) : Buffer.concat([held, chunk as Buffer]);
    held = null;
    // Decoded in pieces that end after a '>' where there is one: a string over 128 KiB is a large object with
    // memory pages of its own, mapped, zeroed and unmapped for it; and the scanner, then mostly left with no
    // unfinished markup to put before the next piece, reads each piece as the flat string it is, not joined to
    // the rest of the previous one (docs/adr/0008-trial-balance-reader.md).
    let at = 0;
    while (at < bytes.length) {
      const limit = Math.min(at + TEXT_PIECE, bytes.length);
      const gt = bytes.lastIndexOf(62 /* > */, limit - 1);
      // After its last '>'; a whole piece without one (a long text) as it is; the chunk's last bytes without
      // one are held.
      let end = gt + 1;
      if (gt < at) {
        if (limit - at < TEXT_PIECE) break;
        end = limit;
      }
      scanner.write(decoder.write(bytes.subarray(at, end)));
      at = end;
    }
    if (at < bytes.length) held = Buffer.from(bytes.subarray(at));
  }
  if (held !== null) scanner.write(decoder.write(held));
  // What realSizeRefusal asks of it: inflated to its end within its declared size, or stored at that size.
  if (entry.method === 8 || inflated === entry.uncompressedSize) whole?.add(entry);
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

/**
 * Where a tag in the shape spreadsheets write has its r and t values (-1 when absent): filled by plainTag.
 * (Module state rather than an object per tag: 250 000 tags in a 50 000-line upload.)
 */
let refFrom = -1;
let refTo = -1;
let typeFrom = -1;
let typeTo = -1;

/** Whether a character ends a tag's name: XML whitespace, '>' or '/'. */
function endsName(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 62 || code === 47;
}

const WANT_NONE = 0;
const WANT_R = 1;
const WANT_R_AND_T = 2;

/**
 * The attributes of a tag in the shape spreadsheets write, read from `at`, just after the tag's name: each
 * attribute after XML whitespace, an ASCII name, '=' (XML whitespace around it allowed), a double-quoted value
 * without '<', '&', tab or line end, so with nothing to decode; XML whitespace may end the tag. Answers where
 * the tag's '>' (or the '/' of its '/>') is, having noted where the wanted attributes' values are (refFrom…,
 * typeFrom…), or -1 when the tag has any other shape or does not end in `source`: the scan (readAttributes)
 * then reads it. A wanted attribute given twice is refused as readAttributes refuses it.
 */
function plainTag(source: string, at: number, want: number): number {
  refFrom = -1;
  refTo = -1;
  typeFrom = -1;
  typeTo = -1;
  let twice = '';
  // Characters past the end read as -1 (none of those looked for).
  const length = source.length;
  for (;;) {
    const spaceFrom = at;
    let c = at < length ? source.charCodeAt(at) : -1;
    while (c === 32 || c === 9 || c === 10 || c === 13) {
      at += 1;
      c = at < length ? source.charCodeAt(at) : -1;
    }
    if (c === 62 /* > */ || (c === 47 /* / */ && at + 1 < length && source.charCodeAt(at + 1) === 62)) {
      if (twice !== '') throw new XmlError(`duplicate attribute ${twice}`);
      return at;
    }
    // An attribute: after whitespace, an ASCII name.
    if (at === spaceFrom || c < 0 || !isAsciiNameChar(c, true)) return -1;
    const nameFrom = at;
    at += 1;
    c = at < length ? source.charCodeAt(at) : -1;
    while (c >= 0 && isAsciiNameChar(c, false)) {
      at += 1;
      c = at < length ? source.charCodeAt(at) : -1;
    }
    const nameLength = at - nameFrom;
    while (c === 32 || c === 9 || c === 10 || c === 13) {
      at += 1;
      c = at < length ? source.charCodeAt(at) : -1;
    }
    if (c !== 61 /* = */) return -1;
    at += 1;
    c = at < length ? source.charCodeAt(at) : -1;
    while (c === 32 || c === 9 || c === 10 || c === 13) {
      at += 1;
      c = at < length ? source.charCodeAt(at) : -1;
    }
    if (c !== 34 /* " */) return -1;
    const valueFrom = at + 1;
    const valueTo = source.indexOf('"', valueFrom);
    if (valueTo < 0) return -1;
    for (at = valueFrom; at < valueTo; at += 1) {
      // '<', '&', tab or a line end: not this shape.
      c = source.charCodeAt(at);
      if (c < 32 || c === 60 || c === 38) return -1;
    }
    if (nameLength === 1 && want !== WANT_NONE) {
      const name = source.charCodeAt(nameFrom);
      if (name === 114 /* r */) {
        if (refFrom >= 0) twice = 'r';
        refFrom = valueFrom;
        refTo = valueTo;
      } else if (name === 116 /* t */ && want === WANT_R_AND_T) {
        if (typeFrom >= 0) twice = 't';
        typeFrom = valueFrom;
        typeTo = valueTo;
      }
    }
    at = valueTo + 1;
  }
}

/** The column of the reference leadingRef found. */
let leadingColumn = 0;

/**
 * At `at` (just after a tag's name), ` r="` and a reference as spreadsheets write it (1 to 3 capital letters,
 * 1 to 7 digits) then '"': the index of that closing quote, the reference's column in leadingColumn; -1 for
 * anything else.
 */
function leadingRef(source: string, at: number): number {
  if (!source.startsWith(' r="', at)) return -1;
  const length = source.length;
  let i = at + 4;
  let column = 0;
  let c = i < length ? source.charCodeAt(i) : -1;
  while (c >= 65 && c <= 90 && i < at + 7) {
    column = column * 26 + c - 64;
    i += 1;
    c = i < length ? source.charCodeAt(i) : -1;
  }
  const digits = i;
  while (c >= 48 && c <= 57 && i < digits + 7) {
    i += 1;
    c = i < length ? source.charCodeAt(i) : -1;
  }
  if (column === 0 || i === digits || c !== 34 /* " */) return -1;
  leadingColumn = column;
  return i;
}

/** Whether source[from, to) holds no '&' and no carriage return: the text as the scan gives it. */
function isPlainText(source: string, from: number, to: number): boolean {
  for (let at = from; at < to; at += 1) {
    const c = source.charCodeAt(at);
    if (c === 38 /* & */ || c === 13 /* \r */) return false;
  }
  return true;
}

/** Text as the scan gives an element's content source[from, to), which holds no '<'. */
function contentText(source: string, from: number, to: number): string {
  const raw = source.slice(from, to);
  return isPlainText(source, from, to) ? raw : decodeText(raw);
}

/** xl/sharedStrings.xml: every <si> as text (its runs joined), null when it has none; as exceljs cached it. */
class SharedStrings implements XmlHandler {
  readonly strings: Array<string | null> = [];
  private run: string | null = null;
  /** The runs (<r>) of the current item joined, null while it has none. Both cut at TEXT_CAP. */
  private runs: string | null = null;
  private inItem = false;

  open(name: string, source: string, from: number, to: number): void {
    readAttributes(source, from, to, NO_NAMES, NO_VALUES);
    if (name === 'si') {
      this.runs = null;
      this.run = null;
      this.inItem = true;
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
      this.inItem = false;
    }
  }

  /**
   * An item of one plain text, `<si><t>text</t></si>` (or `<t xml:space="preserve">`), taken whole: what the
   * scan's open, text and close calls do with it.
   */
  element(source: string, lt: number): number {
    if (this.inItem || !source.startsWith('si><t', lt + 1)) return -1;
    let from = lt + 6;
    const c = source.charCodeAt(from);
    if (c === 32 && source.startsWith(' xml:space="preserve">', from)) from += 22;
    else if (c === 62 /* > */) from += 1;
    else return -1;
    const to = source.indexOf('<', from);
    if (to < 0 || !source.startsWith('</t></si>', to)) return -1;
    // No text is no text event: the item is null, as the scan leaves it.
    this.strings.push(to === from ? null : capped('', contentText(source, from, to)));
    return to + 9;
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

/** The column number of the cell reference source[from, to) ('C12' → 3), as exceljs's decodeAddress reads it. */
function columnAt(source: string, from: number, to: number): number {
  let column = 0;
  let hasColumn = false;
  let hasRow = false;
  for (let i = from; i < to; i += 1) {
    const c = source.charCodeAt(i);
    if (!hasRow && c >= 65 && c <= 90) {
      hasColumn = true;
      column = column * 26 + c - 64;
    } else if (c >= 48 && c <= 57) {
      hasRow = true;
    } else if (hasRow && hasColumn && c !== 36) {
      break;
    }
  }
  if (!hasColumn || column > MAX_COLUMN) {
    throw new XmlError(`bad cell reference ${source.slice(from, Math.min(to, from + 20))}`);
  }
  return column;
}

/** A cell's type (its t), as the value is read: a number unless one of these. */
const NUMBER = 0;
const SHARED_STRING = 1;
const TEXT = 2;
const ERROR = 3;
const BOOLEAN = 4;

function typeCode(type: string | undefined): number {
  switch (type) {
    case 's':
      return SHARED_STRING;
    case 'inlineStr':
    case 'str':
      return TEXT;
    case 'e':
      return ERROR;
    case 'b':
      return BOOLEAN;
    default:
      return NUMBER;
  }
}

/** typeCode of source[from, to), -1 for an absent t. */
function typeCodeAt(source: string, from: number, to: number): number {
  if (from < 0) return NUMBER;
  const length = to - from;
  if (length === 1) {
    const c = source.charCodeAt(from);
    return c === 115 /* s */
      ? SHARED_STRING
      : c === 101 /* e */
        ? ERROR
        : c === 98 /* b */
          ? BOOLEAN
          : NUMBER;
  }
  if (length === 3) return source.startsWith('str', from) ? TEXT : NUMBER;
  return length === 9 && source.startsWith('inlineStr', from) ? TEXT : NUMBER;
}

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The number source[from, to) is when it is a plain decimal of at most 15 digits ('1025', '-12.50'), as
 * Number.parseFloat reads it (the digits as an integer and 10^decimals are exact doubles, so their quotient is
 * the correctly rounded value, which parseFloat gives too); undefined for any other text.
 */
function plainNumber(source: string, from: number, to: number): number | undefined {
  let at = from;
  const negative = source.charCodeAt(at) === 45; /* - */
  if (negative) at += 1;
  if (at >= to || to - at > 16) return undefined;
  let digits = 0;
  let decimals = -1;
  let mantissa = 0;
  for (; at < to; at += 1) {
    const c = source.charCodeAt(at);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + c - 48;
      digits += 1;
      if (decimals >= 0) decimals += 1;
    } else if (c === 46 /* . */ && decimals < 0 && digits > 0) {
      decimals = 0;
    } else {
      return undefined;
    }
  }
  if (decimals === 0 || digits > 15) return undefined;
  const value = decimals > 0 ? mantissa / (POWERS_OF_TEN[decimals] as number) : mantissa;
  return negative ? -value : value;
}

/**
 * The plain value of a cell, as exceljs's reader and its cell objects made it, except for formulas: their
 * cached result (the <v>) read as a plain cell of the same type would be, blank only when there is no <v> or it
 * is empty (exceljs dropped results of 0, '' or an error, so they read as blank).
 */
function cellValue(
  type: number,
  hasFormula: boolean,
  text: string | null,
  sharedStrings: Array<string | null> | undefined,
): unknown {
  if (text === null || (hasFormula && text === '')) return null;
  switch (type) {
    case SHARED_STRING:
      if (!sharedStrings) return '[object Object]';
      return sharedStrings[Number.parseInt(text, 10)] ?? null;
    case TEXT:
      return xmlDecodeAgain(text);
    case ERROR:
      return text;
    case BOOLEAN:
      return Number.parseInt(text, 10) !== 0;
    default:
      return Number.parseFloat(text);
  }
}

type RowListener = (cells: unknown[], row: number) => void;

const ROW_ATTRIBUTES = ['r'];
const CELL_ATTRIBUTES = ['r', 't'];

const NO_TEXT = 0;
const VALUE_TEXT = 1;

/** Columns A to BK: the cell tags remembered per column. */
const KNOWN_COLUMNS = 64;

/** Whether source[from, to) is 1 to 7 digits. */
function isDigits(source: string, from: number, to: number): boolean {
  if (to <= from || to - from > 7) return false;
  for (let at = from; at < to; at += 1) {
    const c = source.charCodeAt(at);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const ROW_NUMBER = /^\d{1,7}$/;

/**
 * A worksheet's <sheetData>: each row's cells (index 0 = column A) as plain values (text, number, boolean,
 * null; cells left out are holes), given to `onRow` when the row closes. `wantCells` false: rows are only
 * counted, cells not built. `checkRowNumbers`: rows numbered out of order or range throw RowNumberError (the
 * first sheet's rows are stored).
 *
 * Rows and cells in the shape spreadsheets write (SheetRows.element) are read straight from the text, without
 * the scan's calls; anything else goes through open, text and close, which read them the same way.
 */
class SheetRows implements XmlHandler {
  private readonly sharedStrings: Array<string | null> | undefined;
  private readonly onRow: RowListener;
  private readonly checkRowNumbers: boolean;
  wantCells = true;
  held: string | null = null;
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
  /**
   * What followed the r of the last row tag read by plainTag (` spans="1:4">`), and, per column, of the last
   * cell tag (` t="s">`, type included): a tag ending the same way is not read again (the sheet's rows mostly
   * differ only by their r).
   */
  private rowTag = '';
  private readonly cellTags: Array<{ text: string; end: number; type: number } | undefined> = [];

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

  /** nextRowNumber of the r source[from, to) (-1: none), without its text when it is 1 to 7 digits. */
  private nextRowNumberAt(source: string, from: number, to: number): number {
    if (from < 0) return this.nextRowNumber(undefined);
    let number = 0;
    for (let at = from; at < to; at += 1) {
      const c = source.charCodeAt(at);
      if (c < 48 || c > 57) return this.nextRowNumber(source.slice(from, to));
      number = number * 10 + c - 48;
    }
    if (to === from || to - from > 7) return this.nextRowNumber(source.slice(from, to));
    if (this.checkRowNumbers && !(number > this.rowNumber && number <= MAX_ROW)) {
      throw new RowNumberError(source.slice(from, Math.min(to, from + 20)), this.rowNumber + 1);
    }
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
        if (this.cells && this.inCell) {
          const ref = this.ref;
          const column = ref === undefined ? this.column + 1 : columnAt(ref, 0, ref.length);
          if (column > MAX_COLUMN) throw new XmlError('a cell past column XFD');
          this.column = column;
          // Cells left out are holes, which the checker reads as blank (no filling up to column XFD).
          if (this.wantCells && (this.hasFormula || this.value !== null)) {
            this.cells[column - 1] = cellValue(
              typeCode(this.type),
              this.hasFormula,
              this.value,
              this.sharedStrings,
            );
          }
          this.inCell = false;
          this.current = NO_TEXT;
        }
        break;
    }
  }

  /**
   * Offered each element by the scan: a row, or a cell of a row the scan opened, in the shape spreadsheets
   * write (see row and cell), read here; -1 for the scan to read it.
   */
  element(source: string, lt: number): number {
    const cells = this.cells;
    if (cells === null) return this.inRows ? this.rows(source, lt) : -1;
    if (this.inCell || lt + 1 >= source.length || source.charCodeAt(lt + 1) !== 99 /* c */) return -1;
    return this.cell(source, lt, cells);
  }

  /**
   * Rows one after the other from `lt`, XML whitespace between them, each read by `row`: answers where the last
   * row read ends (or where `row` stopped in it), -1 when none was read.
   */
  private rows(source: string, lt: number): number {
    const length = source.length;
    let done = -1;
    let at = lt;
    for (;;) {
      const end = this.row(source, at);
      if (end < 0) return done;
      done = end;
      if (this.held !== null) return done;
      at = end;
      let c = at < length ? source.charCodeAt(at) : -1;
      while (c === 32 || c === 9 || c === 10 || c === 13) {
        at += 1;
        c = at < length ? source.charCodeAt(at) : -1;
      }
      if (c !== 60 /* < */) return done;
    }
  }

  /**
   * A row from its opening tag (attributes as plainTag reads them), what open('row') does, then its cells as
   * `cell` reads them and its closing tag (what close('row') does), XML whitespace between them. Answers where
   * it stopped: after the row, or, at anything else (or the end of `source`), after the last cell read, the row
   * left open (`held`) for the scan to go on with; -1 (nothing done) when the opening tag has another shape.
   */
  private row(source: string, lt: number): number {
    const length = source.length;
    // <row followed by whitespace, '>' or '/' (not <rows…).
    if (lt + 4 >= length || !source.startsWith('row', lt + 1) || !endsName(source.charCodeAt(lt + 4)))
      return -1;
    let tagEnd = -1;
    let number: number;
    // `<row r="…"` and then the text that ended the previous row's tag: no need to read it again.
    const quote = source.startsWith(' r="', lt + 4) ? source.indexOf('"', lt + 8) : -1;
    const known = this.rowTag;
    if (quote > 0 && known !== '' && source.startsWith(known, quote + 1) && isDigits(source, lt + 8, quote)) {
      tagEnd = quote + known.length - (known.length > 1 && known.charCodeAt(known.length - 2) === 47 ? 1 : 0);
      number = this.nextRowNumberAt(source, lt + 8, quote);
    } else {
      tagEnd = plainTag(source, lt + 4, WANT_R);
      if (tagEnd < 0) return -1;
      number = this.nextRowNumberAt(source, refFrom, refTo);
      if (refFrom === lt + 8 && isDigits(source, refFrom, refTo)) {
        this.rowTag = source.slice(refTo + 1, tagEnd + (source.charCodeAt(tagEnd) === 47 ? 2 : 1));
      }
    }
    this.rowNumber = number;
    this.column = 0;
    const cells: unknown[] = [];
    if (source.charCodeAt(tagEnd) === 47 /* / */) {
      this.onRow(cells, number);
      return tagEnd + 2;
    }
    this.cells = cells;
    let at = tagEnd + 1;
    for (;;) {
      let next = at;
      let code = next < length ? source.charCodeAt(next) : -1;
      while (code === 32 || code === 9 || code === 10 || code === 13) {
        next += 1;
        code = next < length ? source.charCodeAt(next) : -1;
      }
      if (code !== 60 /* < */ || next + 1 >= length) break;
      code = source.charCodeAt(next + 1);
      if (code === 99 /* c */) {
        const end = this.cell(source, next, cells);
        if (end < 0) break;
        at = end;
      } else if (code === 47 /* / */ && source.startsWith('row>', next + 2)) {
        this.cells = null;
        this.onRow(cells, number);
        return next + 6;
      } else {
        break;
      }
    }
    this.held = 'row';
    return at;
  }

  /**
   * A cell in the shape spreadsheets write, read whole: what open('c'), then the scan of its content, then
   * close('c') do. Its tag's attributes as plainTag reads them; then either nothing (`<c …/>`, `<c …></c>`), or
   * an optional formula (`<f>…</f>`, `<f …/>`, plain attributes) followed by `<v>…</v>`,
   * `<is><t>…</t></is>` or nothing, the cell closing right after (text between them would be read by the scan).
   * Answers where the cell ends, or -1 (nothing done) when it has any other shape.
   */
  private cell(source: string, lt: number, cells: unknown[]): number {
    if (lt + 2 >= source.length || !endsName(source.charCodeAt(lt + 2))) return -1; // <col…
    let tagEnd: number;
    let type: number;
    // The column: of `<c r="B7"` (leadingRef), else read from r once the cell is read, else the next one.
    let column = -1;
    let ref = -1;
    let refEnd = -1;
    // `<c r="B7"` and then the text that ended the tag of the last cell read in that column: the same type.
    const quote = leadingRef(source, lt + 2);
    const known = quote > 0 && leadingColumn < KNOWN_COLUMNS ? this.cellTags[leadingColumn] : undefined;
    if (known !== undefined && source.startsWith(known.text, quote + 1)) {
      tagEnd = quote + known.end;
      column = leadingColumn;
      type = known.type;
    } else {
      tagEnd = plainTag(source, lt + 2, WANT_R_AND_T);
      if (tagEnd < 0) return -1;
      type = typeCodeAt(source, typeFrom, typeTo);
      if (quote > 0 && refTo === quote && leadingColumn <= MAX_COLUMN) {
        column = leadingColumn;
        if (column < KNOWN_COLUMNS) {
          const selfClosing = source.charCodeAt(tagEnd) === 47;
          const text = source.slice(quote + 1, tagEnd + (selfClosing ? 2 : 1));
          this.cellTags[column] = { text, end: text.length - (selfClosing ? 1 : 0), type };
        }
      } else {
        ref = refFrom;
        refEnd = refTo;
      }
    }
    let end: number;
    let hasFormula = false;
    let from = -1; // the value's text is source[from, to)
    let to = -1;
    if (source.charCodeAt(tagEnd) === 47 /* / */) {
      end = tagEnd + 2;
    } else {
      let at = tagEnd + 1;
      if (
        at + 1 < source.length &&
        source.charCodeAt(at + 1) === 102 /* f */ &&
        source.charCodeAt(at) === 60
      ) {
        if (at + 2 >= source.length || !endsName(source.charCodeAt(at + 2))) return -1;
        const formulaEnd = plainTag(source, at + 2, WANT_NONE);
        if (formulaEnd < 0) return -1;
        if (source.charCodeAt(formulaEnd) === 47 /* / */) {
          at = formulaEnd + 2;
        } else {
          const close = source.indexOf('<', formulaEnd + 1);
          if (close < 0 || !source.startsWith('</f>', close)) return -1;
          // Its text is not kept, but is read: a bad reference refuses the file, as in the scan.
          contentText(source, formulaEnd + 1, close);
          at = close + 4;
        }
        hasFormula = true;
      }
      if (
        at + 2 < source.length &&
        source.charCodeAt(at) === 60 /* < */ &&
        source.charCodeAt(at + 1) === 118 /* v */ &&
        source.charCodeAt(at + 2) === 62 /* > */
      ) {
        from = at + 3;
        to = source.indexOf('<', from);
        if (to < 0 || !source.startsWith('</v></c>', to)) return -1;
        end = to + 8;
      } else if (source.startsWith('<is><t', at)) {
        from = at + 6;
        const code = from < source.length ? source.charCodeAt(from) : -1;
        if (code === 62 /* > */) from += 1;
        else if (code === 32 && source.startsWith(' xml:space="preserve">', from)) from += 22;
        else return -1;
        to = source.indexOf('<', from);
        if (to < 0 || !source.startsWith('</t></is></c>', to)) return -1;
        end = to + 13;
      } else if (source.startsWith('</c>', at)) {
        end = at + 4;
      } else {
        return -1;
      }
    }
    // The value, as close('c') makes it from the text; its text is read (a bad reference refuses the file)
    // before the column, as in the scan.
    let value: unknown = null;
    if (
      from >= 0 &&
      type === TEXT &&
      this.wantCells &&
      to - from <= TEXT_CAP &&
      isPlainText(source, from, to)
    ) {
      // Text without a reference or a carriage return, not too long: the text itself (nothing to decode, once
      // or twice, nothing to cut), blank as a formula's empty result.
      value = hasFormula && to === from ? null : source.slice(from, to);
    } else if (from >= 0) {
      const number = type === NUMBER || type === SHARED_STRING ? plainNumber(source, from, to) : undefined;
      if (number === undefined || !this.wantCells) {
        const text = capped('', contentText(source, from, to));
        if (this.wantCells) value = cellValue(type, hasFormula, text, this.sharedStrings);
      } else if (type === NUMBER) {
        value = number;
      } else if (Number.isInteger(number)) {
        // Number.parseInt's index: the same for the digits of an integer ('-0' and '1.0' included).
        value = this.sharedStrings ? (this.sharedStrings[number] ?? null) : '[object Object]';
      } else {
        value = cellValue(type, hasFormula, source.slice(from, to), this.sharedStrings);
      }
    }
    if (column < 0) column = ref < 0 ? this.column + 1 : columnAt(source, ref, refEnd);
    if (column > MAX_COLUMN) throw new XmlError('a cell past column XFD');
    this.column = column;
    // Cells left out are holes, which the checker reads as blank.
    if (this.wantCells && (hasFormula || from >= 0)) cells[column - 1] = value;
    return end;
  }
}

const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;

const RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Whether readTrialBalance reads the entry of that name (the others it does not open). */
export function readsEntry(name: string): boolean {
  return name === RELATIONSHIPS || name === WORKBOOK || name === SHARED_STRINGS || WORKSHEET.test(name);
}

export interface ReadOptions {
  /** Stops the reading (it throws the signal's reason). */
  signal?: AbortSignal;
  /** Gets every entry read to its end, within its declared size. */
  inflated?: Set<ZipEntry>;
}

/** Blank rows reported per gap (the checker stops collecting problems long before). */
const MAX_BLANK_RUN = 200;

export interface TrialBalanceReading {
  /** Rows (<row> elements) on the first worksheet. */
  firstSheetRows: number;
  /** Whether a later worksheet has any row (to tell "wrong sheet" apart from "empty file"). */
  laterSheetHasRows: boolean;
}

/**
 * Streams the first worksheet of an .xlsx (passed by readDeclaredXlsx, whose entries may be given) into the
 * checker: its first row is the header, every later row a line. Later worksheets are only looked at to see
 * whether they hold rows. Nothing is kept in memory but the shared strings and the current chunk and row, and
 * no entry is read beyond its declared size. Throws on anything that is not a readable workbook, and once
 * the options' signal is aborted.
 */
export async function readTrialBalance(
  path: string,
  checker: Pick<TrialBalanceChecker, 'header' | 'line' | 'stopped'>,
  entries?: ZipEntry[],
  options: ReadOptions = {},
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
      if (entry.name === RELATIONSHIPS) {
        await scanEntry(handle, entry, IGNORE, options);
        relationshipsRead = true;
      } else if (entry.name === WORKBOOK) {
        await scanEntry(handle, entry, IGNORE, options);
      } else if (entry.name === SHARED_STRINGS) {
        const strings = new SharedStrings();
        await scanEntry(handle, entry, strings, options);
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
        await scanEntry(handle, sheet, first, options);
      } else {
        const later = new SheetRows(sharedStrings, () => {
          laterSheetHasRows = true;
        });
        later.wantCells = false;
        await scanEntry(handle, sheet, later, options);
      }
    }
    return { firstSheetRows, laterSheetHasRows };
  } finally {
    await handle.close();
  }
}
