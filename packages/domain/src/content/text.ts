import { formatDisplayDate } from '../dates.ts';

/**
 * Pure text rules of the public site's content: card truncation, slugs, YouTube links, dates. The
 * server and the web both use them, so a card cut on the server-rendered page is the one the browser shows.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of an HTML fragment: script and style contents dropped, every tag replaced by a space, entities
 * decoded, runs of white space collapsed to one space.
 */
export function stripHtml(html: string): string {
  return (
    decodeEntities(
      html
        .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<!--[\s\S]*?-->/g, ' ')
        .replace(/<[^>]*>/g, ' '),
    )
      .replace(/\s+/g, ' ')
      // A tag's place becomes a space, but never before punctuation: '<strong>criteria</strong>.' → 'criteria.'
      .replace(/ ([.,;:!?…)])/g, '$1')
      .trim()
  );
}

/**
 * A card's text: the HTML stripped, then, when longer than `max` characters, cut after the last
 * sentence punctuation (. ! ?) that fits. Without one, the cut falls at the last word that fits and '…' marks it.
 */
export function truncateText(html: string, max: number): string {
  const text = stripHtml(html);
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  let cut = -1;
  for (let i = head.length - 1; i >= 0; i--) {
    if ('.!?'.includes(head[i] as string)) {
      cut = i;
      break;
    }
  }
  if (cut > 0) return head.slice(0, cut + 1);
  const space = head.lastIndexOf(' ');
  const words = (space > 0 ? head.slice(0, space) : head.slice(0, Math.max(max - 1, 0))).trimEnd();
  return `${words}…`;
}

/** The longest slug. */
export const SLUG_MAX_LENGTH = 120;
/** Lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug of `text`: accents removed, lower case, every other character run turned into one hyphen. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/**
 * The video id of a YouTube link: youtu.be/ID, youtube.com/watch?v=ID, youtube.com/shorts/ID,
 * youtube.com/embed/ID, youtube.com/live/ID and youtube-nocookie.com/embed/ID; null for anything else.
 */
export function youtubeVideoId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = parsed.searchParams.get('v');
    else if (segments.length === 2 && ['shorts', 'embed', 'live', 'v'].includes(segments[0] as string))
      id = segments[1];
  } else if (host === 'www.youtube-nocookie.com' || host === 'youtube-nocookie.com') {
    if (segments.length === 2 && segments[0] === 'embed') id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** Whether `url` is a YouTube video link this site accepts. */
export function isYoutubeUrl(url: string): boolean {
  return youtubeVideoId(url) !== null;
}

/**
 * The long watch form of a YouTube link: youtu.be/ID and youtube.com/shorts/ID become
 * https://www.youtube.com/watch?v=ID. Throws on a link that is not a YouTube video.
 */
export function youtubeWatchUrl(url: string): string {
  const id = youtubeVideoId(url);
  if (!id) throw new Error('Not a YouTube video link');
  return `https://www.youtube.com/watch?v=${id}`;
}

/** The privacy-enhanced embed of a YouTube link (youtube-nocookie.com), loaded only when the visitor clicks. */
export function youtubeEmbedUrl(url: string, options: { autoplay?: boolean } = {}): string {
  const id = youtubeVideoId(url);
  if (!id) throw new Error('Not a YouTube video link');
  return `https://www.youtube-nocookie.com/embed/${id}${options.autoplay ? '?autoplay=1' : ''}`;
}

/** The video's still image from YouTube's image host, for the poster shown before the click. */
export function youtubeThumbnailUrl(url: string): string {
  const id = youtubeVideoId(url);
  if (!id) throw new Error('Not a YouTube video link');
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** A content item's date (news, events) as the site writes every date: formatDisplayDate (docs/adr/0023). */
export function formatContentDate(value: Date | string, language: string): string {
  return formatDisplayDate(value, language);
}
