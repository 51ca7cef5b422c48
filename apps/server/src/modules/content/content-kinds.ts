import {
  type ContentImage,
  type ContentImageInput,
  type ContentItem,
  type ContentKind,
  type ContentPageKey,
  createLanguageResolver,
  type DocumentInput,
  type EventInput,
  type FaqInput,
  type GalleryInput,
  type GalleryMedia,
  isRichTextEmpty,
  type Language,
  missingLanguages,
  type NewsInput,
  type PageInput,
  type PublicContentImage,
  type PublicContentItem,
  type PublicEligibilityThreshold,
  type PublicGalleryMedia,
  searchText,
  slugify,
  stripHtml,
  type TestimonyInput,
  type Trilingual,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
} from '@excelencia/domain';
import type { z } from 'zod';
import type { contentItems } from '../../db/schema/content.ts';
import { type ContentImageRow, presentImage } from './content-images.service.ts';
import { richTextImageIds, sanitizeRichText } from './sanitize.ts';

/**
 * What differs between the kinds: how an input splits into the row's columns and its `fields` JSON, which
 * texts are rich (cleaned at write), which images it shows, and how a row reads for the admin and for a visitor.
 */

export type ContentRow = typeof contentItems.$inferSelect;

type Out<T extends z.ZodType> = z.output<T>;
export type KindInput = {
  news: Out<typeof NewsInput>;
  faq: Out<typeof FaqInput>;
  testimonies: Out<typeof TestimonyInput>;
  gallery: Out<typeof GalleryInput>;
  events: Out<typeof EventInput>;
  pages: Out<typeof PageInput>;
  documents: Out<typeof DocumentInput>;
};

/** A rich-text field that came out empty in pt once cleaned (it held only what the allow-list drops). */
export interface RequiredRichField {
  path: string;
}

/** The row's columns an input sets (besides status and publishedAt). */
export interface SplitInput {
  slug: string | undefined;
  /** What a slug is made of when none is given. */
  slugSource: string;
  fields: Record<string, unknown>;
  sortOrder: number;
  eventDate: string | null;
  editionId: string | null;
  imageIds: string[];
  searchText: string;
  /** Rich fields pt must keep once cleaned. */
  emptyRequired: RequiredRichField[];
}

/** Extra data a visitor's view needs beyond the row. */
export interface ResolveContext {
  images: Map<string, ContentImageRow>;
  /** Documents: the stored PDF and the edition's year. */
  document?: { fileName: string; size: number } | null;
  editionYear?: number | null;
  /** The eligibility page: the thresholds from the criteria (already in the page's language). */
  thresholds?: PublicEligibilityThreshold[] | null;
  documentUrls?: (slugOrId: string) => { downloadUrl: string; viewUrl: string };
}

function cleanRich(text: Trilingual): Trilingual {
  return { pt: sanitizeRichText(text.pt), en: sanitizeRichText(text.en), fr: sanitizeRichText(text.fr) };
}

function richImages(...texts: Trilingual[]): string[] {
  return texts.flatMap((text) => [
    ...richTextImageIds(text.pt),
    ...richTextImageIds(text.en),
    ...richTextImageIds(text.fr),
  ]);
}

function allLanguages(...texts: (Trilingual | null | undefined)[]): string[] {
  return texts.flatMap((text) => (text ? [stripHtml(text.pt), stripHtml(text.en), stripHtml(text.fr)] : []));
}

function requirePt(path: string, text: Trilingual): RequiredRichField[] {
  return isRichTextEmpty(text.pt) ? [{ path: `${path}.pt` }] : [];
}

function adminImage(input: ContentImageInput | null | undefined, images: Map<string, ContentImageRow>) {
  if (!input) return null;
  const row = images.get(input.imageId);
  return row ? ({ ...presentImage(row), alt: input.alt } satisfies ContentImage) : null;
}

type Resolver = ReturnType<typeof createLanguageResolver>;

function publicImage(
  input: ContentImageInput | null | undefined,
  images: Map<string, ContentImageRow>,
  resolver: Resolver,
): PublicContentImage | null {
  if (!input) return null;
  const row = images.get(input.imageId);
  if (!row) return null;
  // An alt text missing in a language is no reason to say the page is in another one.
  const alt = input.alt[resolver.language] || input.alt.pt;
  return { ...presentImage(row), alt };
}

function storedCommon(row: ContentRow, missing: Language[], now: Date) {
  return {
    id: row.id,
    slug: row.slug,
    version: row.version,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    isPublic:
      row.status !== 'draft' && row.publishedAt !== null && row.publishedAt.getTime() <= now.getTime(),
    missingLanguages: missing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

function resolvedCommon(row: ContentRow, resolver: Resolver) {
  return {
    id: row.id,
    slug: row.slug,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    ...resolver.marks(),
  };
}

const EMPTY: Trilingual = { pt: '', en: '', fr: '' };

/** Splits a kind's parsed input into the row's parts, cleaning its rich text. */
export function splitInput<K extends ContentKind>(kind: K, input: KindInput[K]): SplitInput {
  const base = { eventDate: null, editionId: null, sortOrder: 0 };
  switch (kind) {
    case 'news': {
      const news = input as KindInput['news'];
      const body = cleanRich(news.body);
      return {
        ...base,
        slug: news.slug,
        slugSource: news.title.pt,
        fields: { title: news.title, summary: news.summary, body, coverImage: news.coverImage },
        imageIds: [...(news.coverImage ? [news.coverImage.imageId] : []), ...richImages(body)],
        searchText: searchText(...allLanguages(news.title, news.summary, body)),
        emptyRequired: requirePt('body', body),
      };
    }
    case 'faq': {
      const faq = input as KindInput['faq'];
      const answer = cleanRich(faq.answer);
      return {
        ...base,
        slug: faq.slug,
        slugSource: faq.question.pt,
        sortOrder: faq.order,
        fields: { question: faq.question, answer, category: faq.category },
        imageIds: richImages(answer),
        searchText: searchText(...allLanguages(faq.question, answer, faq.category)),
        emptyRequired: requirePt('answer', answer),
      };
    }
    case 'testimonies': {
      const t = input as KindInput['testimonies'];
      return {
        ...base,
        slug: t.slug,
        slugSource: t.person,
        sortOrder: t.order,
        fields: { person: t.person, role: t.role, company: t.company, quote: t.quote, photo: t.photo },
        imageIds: t.photo ? [t.photo.imageId] : [],
        searchText: searchText(t.person, t.company, ...allLanguages(t.role, t.quote)),
        emptyRequired: [],
      };
    }
    case 'gallery': {
      const g = input as KindInput['gallery'];
      return {
        ...base,
        slug: g.slug,
        slugSource: g.title.pt,
        sortOrder: g.order,
        fields: { title: g.title, description: g.description, media: g.media },
        imageIds: g.media.flatMap((m) => (m.kind === 'picture' ? [m.image.imageId] : [])),
        searchText: searchText(...allLanguages(g.title, g.description)),
        emptyRequired: [],
      };
    }
    case 'events': {
      const e = input as KindInput['events'];
      const description = cleanRich(e.description);
      return {
        ...base,
        slug: e.slug,
        slugSource: e.title.pt,
        eventDate: e.date,
        fields: { title: e.title, place: e.place, description },
        imageIds: richImages(description),
        searchText: searchText(...allLanguages(e.title, e.place, description)),
        emptyRequired: requirePt('description', description),
      };
    }
    case 'pages': {
      const p = input as KindInput['pages'];
      const body = cleanRich(p.body);
      return {
        ...base,
        slug: p.key,
        slugSource: p.key,
        fields: { key: p.key, title: p.title, body, home: p.key === 'home' ? p.home : null },
        imageIds: richImages(body),
        searchText: searchText(...allLanguages(p.title, body)),
        emptyRequired: [],
      };
    }
    case 'documents': {
      const d = input as KindInput['documents'];
      return {
        ...base,
        slug: d.slug,
        slugSource: d.title.pt,
        sortOrder: d.order,
        editionId: d.editionId,
        fields: { title: d.title, category: d.category, articles: d.articles },
        imageIds: [],
        searchText: searchText(...allLanguages(d.title, d.articles)),
        emptyRequired: [],
      };
    }
  }
  throw new Error(`Unknown content kind ${String(kind)}`);
}

/** A slug made from `source` (accents removed), or the kind's name when nothing is left of it. */
export function slugFrom(kind: ContentKind, source: string): string {
  return slugify(source) || kind;
}

// biome-ignore lint/suspicious/noExplicitAny: the fields JSON was written by splitInput for the row's kind
type Fields = Record<string, any>;

/** The admin's view of a row. */
export function presentItem(
  row: ContentRow,
  images: Map<string, ContentImageRow>,
  now: Date,
  document: { fileName: string; size: number; uploadedAt: Date } | null = null,
): ContentItem {
  const f = row.fields as Fields;
  switch (row.kind) {
    case 'news':
      return {
        ...storedCommon(
          row,
          missingLanguages([{ text: f.title }, { text: f.summary }, { text: f.body, rich: true }]),
          now,
        ),
        kind: 'news',
        title: f.title,
        summary: f.summary,
        body: f.body,
        coverImage: adminImage(f.coverImage, images),
      };
    case 'faq':
      return {
        ...storedCommon(
          row,
          missingLanguages([
            { text: f.question },
            { text: f.answer, rich: true },
            { text: f.category, optional: true },
          ]),
          now,
        ),
        kind: 'faq',
        question: f.question,
        answer: f.answer,
        category: f.category,
        order: row.sortOrder,
      };
    case 'testimonies':
      return {
        ...storedCommon(row, missingLanguages([{ text: f.quote }, { text: f.role, optional: true }]), now),
        kind: 'testimonies',
        person: f.person,
        role: f.role,
        company: f.company,
        quote: f.quote,
        photo: adminImage(f.photo, images),
        order: row.sortOrder,
      };
    case 'gallery': {
      const media = (f.media as KindInput['gallery']['media']).flatMap((m): GalleryMedia[] => {
        if (m.kind === 'video') {
          return [
            {
              kind: 'video' as const,
              videoUrl: m.videoUrl,
              embedUrl: youtubeEmbedUrl(m.videoUrl),
              thumbnailUrl: youtubeThumbnailUrl(m.videoUrl),
              caption: m.caption,
              order: m.order,
            },
          ];
        }
        const image = adminImage(m.image, images);
        return image ? [{ kind: 'picture' as const, image, caption: m.caption, order: m.order }] : [];
      });
      media.sort((a, b) => a.order - b.order);
      return {
        ...storedCommon(
          row,
          missingLanguages([
            { text: f.title },
            { text: f.description, optional: true },
            ...media.map((m) => ({ text: m.caption, optional: true })),
          ]),
          now,
        ),
        kind: 'gallery',
        title: f.title,
        description: f.description,
        media,
        order: row.sortOrder,
      };
    }
    case 'events':
      return {
        ...storedCommon(
          row,
          missingLanguages([{ text: f.title }, { text: f.place }, { text: f.description, rich: true }]),
          now,
        ),
        kind: 'events',
        title: f.title,
        date: row.eventDate ?? '',
        place: f.place,
        description: f.description,
      };
    case 'pages': {
      const home = f.home as KindInput['pages']['home'];
      return {
        ...storedCommon(
          row,
          missingLanguages([
            { text: f.title },
            { text: f.body, rich: true, optional: true },
            ...(home
              ? [
                  { text: home.hero, optional: true },
                  { text: home.banner.text, optional: true },
                  ...home.highlights.map((h) => ({ text: h.title })),
                ]
              : []),
          ]),
          now,
        ),
        kind: 'pages',
        key: f.key as ContentPageKey,
        title: f.title,
        body: f.body,
        home,
      };
    }
    case 'documents':
      return {
        ...storedCommon(
          row,
          missingLanguages([{ text: f.title }, { text: f.articles, optional: true }]),
          now,
        ),
        kind: 'documents',
        title: f.title,
        category: f.category,
        editionId: row.editionId,
        articles: f.articles ?? EMPTY,
        order: row.sortOrder,
        file: document
          ? {
              fileName: document.fileName,
              size: document.size,
              uploadedAt: document.uploadedAt.toISOString(),
            }
          : null,
      };
  }
}

/** A visitor's view of a row in `language`, falling back to pt where a text is missing. */
export function resolveItem(row: ContentRow, language: Language, context: ResolveContext): PublicContentItem {
  const f = row.fields as Fields;
  const r = createLanguageResolver(language);
  const { images } = context;
  switch (row.kind) {
    case 'news': {
      const out = {
        kind: 'news' as const,
        title: r.text(f.title),
        summary: r.text(f.summary),
        body: r.text(f.body, true),
        coverImage: publicImage(f.coverImage, images, r),
      };
      return { ...resolvedCommon(row, r), ...out };
    }
    case 'faq': {
      const out = {
        kind: 'faq' as const,
        question: r.text(f.question),
        answer: r.text(f.answer, true),
        category: r.text(f.category),
        order: row.sortOrder,
      };
      return { ...resolvedCommon(row, r), ...out };
    }
    case 'testimonies': {
      const out = {
        kind: 'testimonies' as const,
        person: f.person as string,
        role: r.text(f.role),
        company: f.company as string,
        quote: r.text(f.quote),
        photo: publicImage(f.photo, images, r),
        order: row.sortOrder,
      };
      return { ...resolvedCommon(row, r), ...out };
    }
    case 'gallery': {
      const title = r.text(f.title);
      const description = r.text(f.description);
      const media = (f.media as KindInput['gallery']['media']).flatMap((m): PublicGalleryMedia[] => {
        const caption = r.text(m.caption);
        if (m.kind === 'video') {
          return [
            {
              kind: 'video' as const,
              videoUrl: m.videoUrl,
              embedUrl: youtubeEmbedUrl(m.videoUrl),
              thumbnailUrl: youtubeThumbnailUrl(m.videoUrl),
              caption,
              order: m.order,
            },
          ];
        }
        const image = publicImage(m.image, images, r);
        return image ? [{ kind: 'picture' as const, image, caption, order: m.order }] : [];
      });
      media.sort((a, b) => a.order - b.order);
      return {
        ...resolvedCommon(row, r),
        kind: 'gallery',
        title,
        description,
        media,
        order: row.sortOrder,
      };
    }
    case 'events': {
      const out = {
        kind: 'events' as const,
        title: r.text(f.title),
        date: row.eventDate ?? '',
        place: r.text(f.place),
        description: r.text(f.description, true),
      };
      return { ...resolvedCommon(row, r), ...out };
    }
    case 'pages': {
      const home = f.home as KindInput['pages']['home'];
      const out = {
        kind: 'pages' as const,
        key: f.key as ContentPageKey,
        title: r.text(f.title),
        body: r.text(f.body, true),
        home: home
          ? {
              hero: r.text(home.hero),
              banner: {
                text: r.text(home.banner.text),
                link: home.banner.link,
                linkLabel: r.text(home.banner.linkLabel),
              },
              highlights: home.highlights.map((h) => ({
                title: r.text(h.title),
                text: r.text(h.text),
                link: h.link,
              })),
            }
          : null,
        thresholds: context.thresholds ?? null,
      };
      return { ...resolvedCommon(row, r), ...out };
    }
    case 'documents': {
      const urls = context.documentUrls?.(row.slug);
      const out = {
        kind: 'documents' as const,
        title: r.text(f.title),
        category: f.category,
        editionId: row.editionId,
        editionYear: context.editionYear ?? null,
        articles: r.text(f.articles),
        order: row.sortOrder,
        file:
          context.document && urls
            ? { fileName: context.document.fileName, size: context.document.size, ...urls }
            : null,
      };
      return { ...resolvedCommon(row, r), ...out };
    }
  }
}
