import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the portal writes, read back as a viewer extracts it: the document title and each page's
 * text through the embedded fonts' ToUnicode maps (platform/pdf.ts embeds every font it draws with).
 */

/** The document info Title (pdfkit writes it as an object of its own): UTF-16BE after a BOM unless plain ASCII. */
export function pdfTitle(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const reference = /\/Title (\d+) 0 R/.exec(source)?.[1];
  // A literal string: escaped characters or anything but a backslash and a closing parenthesis.
  const literal = String.raw`\(((?:\\.|[^\\)])*)\)`;
  const match = new RegExp(
    reference ? String.raw`\n${reference} 0 obj\n${literal}` : `/Title ${literal}`,
    's',
  ).exec(source);
  if (!match?.[1]) throw new Error('no /Title in the PDF');
  const raw = Buffer.from(
    match[1].replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) =>
      /^[0-7]+$/.test(escaped)
        ? String.fromCharCode(Number.parseInt(escaped, 8))
        : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[escaped] ?? escaped),
    ),
    'latin1',
  );
  if (raw[0] === 0xfe && raw[1] === 0xff) return raw.subarray(2).swap16().toString('utf16le');
  return raw.toString('latin1');
}

/** The objects of a PDF: each one's dictionary and, for a stream, its bytes inflated (null when not Flate). */
function pdfObjects(pdf: Buffer): Map<string, { dict: string; stream: string | null }> {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*(<<[\s\S]*?>>)\s*(stream\r?\n)?/g)) {
    let stream: string | null = null;
    if (match[3]) {
      const start = (match.index ?? 0) + match[0].length;
      try {
        stream = inflateSync(pdf.subarray(start, source.indexOf('endstream', start))).toString('latin1');
      } catch {
        stream = null;
      }
    }
    objects.set(match[1] ?? '', { dict: match[2] ?? '', stream });
  }
  return objects;
}

/** A font's ToUnicode map (glyph id in hex → text), from its bfchar and bfrange entries. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set((pair[1] ?? '').toLowerCase(), text(pair[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of (block[1] ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi,
    )) {
      const first = parseInt(range[1] ?? '0', 16);
      const last = parseInt(range[2] ?? '0', 16);
      const targets = [...(range[3] ?? '').matchAll(/<([0-9a-f]+)>/gi)].map((hex) => hex[1] ?? '');
      for (let code = first; code <= last; code++) {
        const key = code.toString(16).padStart(4, '0');
        const target =
          targets.length === 1 && !(range[3] ?? '').startsWith('[')
            ? (parseInt(targets[0] ?? '0', 16) + code - first).toString(16).padStart(4, '0')
            : targets[code - first];
        if (target) map.set(key, text(target));
      }
    }
  }
  return map;
}

/**
 * The pages' text as a viewer extracts it: every content stream's TJ strings, each glyph id mapped to its text
 * by the ToUnicode map of the font set before it (Tf), one line per TJ.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values()) {
    for (const entry of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(entry[2] ?? '');
      const cmapId = font?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = cmapId ? objects.get(cmapId)?.stream : null;
      if (cmap) fonts.set(entry[1] ?? '', toUnicode(cmap));
    }
  }
  const texts: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('] TJ')) continue;
    const lines: string[] = [];
    let font = new Map<string, string>();
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[(.*?)\] TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? new Map();
        continue;
      }
      lines.push(
        [...(op[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((hex) =>
            ((hex[1] ?? '').match(/.{4}/g) ?? [])
              .map((glyph) => font.get(glyph.toLowerCase()) ?? '')
              .join(''),
          )
          .join(''),
      );
    }
    texts.push(lines.join('\n'));
  }
  return texts;
}

/** The number of pages (each page object; the page tree is /Type /Pages). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
