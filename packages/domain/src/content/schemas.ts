import { z } from 'zod';
import { LANGUAGES, type Language } from '../languages.ts';
import { TARGET_COMPARISONS, VersionField } from '../schemas/reference.ts';
import { isYoutubeUrl, SLUG_MAX_LENGTH, SLUG_PATTERN, stripHtml, youtubeWatchUrl } from './text.ts';

/**
 * The public site's content: one shape per kind, written by administrators in pt, en and fr side by side, read by
 * visitors in their language with pt in place of a missing one.
 *
 * - `…Input`: the body of `POST content/{kind}` (and, with `version`, of `PUT content/{kind}/{id}`).
 * - `…Item`: the admin's view (every language, the status, who and when), the answer of the admin endpoints.
 * - `Public…`: the visitor's view, resolved to one language, with `fallbackLanguages` / `missing` saying which
 *   texts are shown in another language.
 */

// ---- kinds, statuses, lengths ------------------------------------------------------------------------------------

/** The kinds of the content API (`content/{kind}`), then the regulations and guides (PDF per edition). */
export const CONTENT_KINDS = [
  'news',
  'faq',
  'testimonies',
  'gallery',
  'events',
  'pages',
  'documents',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === 'string' && (CONTENT_KINDS as readonly string[]).includes(value);
}

/** Draft: only admins see it. Scheduled: public from `publishedAt`. Published: public (from `publishedAt`). */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The fixed pages of the site; `pages` items are found by this key (it is their slug). */
export const CONTENT_PAGE_KEYS = [
  'home',
  'about',
  'applications',
  'self-diagnosis',
  'privacy',
  'accessibility',
  'eligibility',
  'sustainability-survey',
] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

/** Regulations and guides. */
export const CONTENT_DOCUMENT_CATEGORIES = ['regulation', 'guide'] as const;
export type ContentDocumentCategory = (typeof CONTENT_DOCUMENT_CATEGORIES)[number];

export const GALLERY_MEDIA_KINDS = ['picture', 'video'] as const;
export type GalleryMediaKind = (typeof GALLERY_MEDIA_KINDS)[number];

export const CONTENT_LENGTHS = {
  /** A title, a question, a person's name, a place: one line. */
  title: 200,
  /** A summary, a caption, a quote, a hero or banner text: a short paragraph of plain text. */
  summary: 1000,
  /** Each language of a rich-text field, as HTML (before cleaning). */
  richText: 100_000,
  /** A category, a role, a company. */
  label: 120,
  url: 500,
  /** The images of a gallery album. */
  galleryMedia: 200,
  /** The highlights of the home page. */
  highlights: 12,
} as const;

/** The widths (px) an uploaded image is re-encoded to; an image narrower than one is not upscaled. */
export const CONTENT_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The largest image file an admin uploads. */
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Keyset pages of the public lists ('load more'). */
export const PUBLIC_CONTENT_DEFAULT_LIMIT = 12;
export const PUBLIC_CONTENT_MAX_LIMIT = 50;

// ---- trilingual text --------------------------------------------------------------------------------------------

const tooLong = 'validation:tooLong';
const required = 'validation:required';

function plainLanguage(max: number) {
  return z.string('validation:required').trim().max(max, tooLong).default('');
}

function richLanguage() {
  return z.string('validation:required').trim().max(CONTENT_LENGTHS.richText, tooLong).default('');
}

/** Whether a rich-text language is empty: no text once the HTML is stripped, and no image. */
export function isRichTextEmpty(html: string): boolean {
  return stripHtml(html) === '' && !/<img\b/i.test(html);
}

/** Whether one language of a text is missing (empty; for rich text, no text and no image). */
export function isLanguageMissing(text: string | undefined | null, rich = false): boolean {
  if (!text) return true;
  return rich ? isRichTextEmpty(text) : text.trim() === '';
}

/**
 * Plain text in pt, en and fr; pt is required (it is what a missing language falls back to), en and fr may be
 * empty ('missing').
 */
export function trilingualText(max: number = CONTENT_LENGTHS.title) {
  return z.object(
    {
      pt: z.string('validation:required').trim().min(1, required).max(max, tooLong),
      en: plainLanguage(max),
      fr: plainLanguage(max),
    },
    required,
  );
}

/** Plain text in pt, en and fr, every language optional (captions, alt texts). */
export function optionalTrilingualText(max: number = CONTENT_LENGTHS.summary) {
  return z.object({ pt: plainLanguage(max), en: plainLanguage(max), fr: plainLanguage(max) }, required);
}

/** HTML in pt, en and fr (cleaned by the server at write); pt is required. */
export const TrilingualRichText = z.object(
  {
    pt: richLanguage().refine((html) => !isRichTextEmpty(html), required),
    en: richLanguage(),
    fr: richLanguage(),
  },
  required,
);
/** HTML in pt, en and fr, every language optional. */
export const OptionalTrilingualRichText = z.object(
  { pt: richLanguage(), en: richLanguage(), fr: richLanguage() },
  required,
);

export const TrilingualTitle = trilingualText(CONTENT_LENGTHS.title);
export const TrilingualSummary = trilingualText(CONTENT_LENGTHS.summary);
export const TrilingualLabel = trilingualText(CONTENT_LENGTHS.label);
export const OptionalTrilingualTitle = optionalTrilingualText(CONTENT_LENGTHS.title);
export const OptionalTrilingualSummary = optionalTrilingualText(CONTENT_LENGTHS.summary);
export const OptionalTrilingualLabel = optionalTrilingualText(CONTENT_LENGTHS.label);

/** Any of the trilingual shapes, as stored and as the admin reads them. */
export const Trilingual = z.object({ pt: z.string(), en: z.string(), fr: z.string() });
export type Trilingual = z.infer<typeof Trilingual>;

/** The languages of `fields` that are missing in at least one field (pt first). */
export function missingLanguages(
  fields: readonly { text: Trilingual | null | undefined; rich?: boolean; optional?: boolean }[],
): Language[] {
  return LANGUAGES.filter((language) =>
    fields.some(
      (field) =>
        field.text &&
        isLanguageMissing(field.text[language], field.rich) &&
        // An optional field left empty in every language is not 'missing' anywhere.
        !(field.optional && LANGUAGES.every((l) => isLanguageMissing(field.text?.[l], field.rich))),
    ),
  );
}

/**
 * Resolves texts to one language: each field in `language`, or in pt when that is missing (or, pt missing too, the
 * first language that has it). `fallbackLanguages` lists the languages used instead of `language`, so a page can
 * say 'shown in Portuguese'.
 */
export function createLanguageResolver(language: Language) {
  const used = new Set<Language>();
  return {
    language,
    text(text: Trilingual | null | undefined, rich = false): string {
      if (!text) return '';
      if (!isLanguageMissing(text[language], rich)) return text[language];
      const order: Language[] = ['pt', ...LANGUAGES.filter((l) => l !== 'pt')];
      for (const other of order) {
        if (other !== language && !isLanguageMissing(text[other], rich)) {
          used.add(other);
          return text[other];
        }
      }
      return '';
    },
    /** The marks of the texts resolved so far. */
    marks(): { language: Language; fallbackLanguages: Language[]; missing: boolean } {
      const fallbackLanguages = LANGUAGES.filter((l) => used.has(l));
      return { language, fallbackLanguages, missing: fallbackLanguages.length > 0 };
    },
  };
}

// ---- common fields -----------------------------------------------------------------------------------------------

export const ContentSlug = z
  .string('validation:invalidSlug')
  .trim()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, tooLong)
  .regex(SLUG_PATTERN, 'validation:invalidSlug');

/** Order on the page, from 0 (FAQ, testimonies, gallery albums and media, highlights). */
export const ContentOrder = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(0, 'validation:wholeNumber')
  .max(1_000_000, 'validation:wholeNumberTooLarge');

/** An ISO date-time with an offset ('2026-11-25T10:00:00.000Z'). */
export const ContentDateTime = z.iso.datetime({ offset: true, error: 'validation:invalidDate' });
/** An ISO calendar date ('2026-11-25'). */
export const ContentDate = z.iso.date('validation:invalidDate');

/**
 * The publishing fields of every kind. A scheduled item needs the moment it goes public; a published one without
 * `publishedAt` is public from the moment it is saved.
 */
const Publishing = {
  status: z.enum(CONTENT_STATUSES, 'validation:selectOne').default('draft'),
  publishedAt: ContentDateTime.nullable().default(null),
};

function requireScheduleDate<T extends { status: ContentStatus; publishedAt: string | null }>(
  value: T,
  context: z.RefinementCtx,
) {
  if (value.status === 'scheduled' && !value.publishedAt) {
    context.addIssue({ code: 'custom', path: ['publishedAt'], message: 'validation:scheduleNeedsDate' });
  }
}

/** A link on the site: http(s), mailto, or a path of the site itself ('/pt/about'). */
export const ContentLink = z
  .string('validation:invalidUrl')
  .trim()
  .max(CONTENT_LENGTHS.url, tooLong)
  .refine(
    (link) =>
      /^\/(?!\/)[^\s]*$/.test(link) || /^mailto:[^\s]+$/i.test(link) || /^https?:\/\/[^\s]+$/i.test(link),
    'validation:invalidUrl',
  );

/** A YouTube video link, kept in the long watch form (youtubeWatchUrl). */
export const YoutubeVideoUrl = z
  .string('validation:invalidYoutubeUrl')
  .trim()
  .max(CONTENT_LENGTHS.url, tooLong)
  .refine(isYoutubeUrl, 'validation:invalidYoutubeUrl')
  .transform((url) => youtubeWatchUrl(url));

// ---- images ------------------------------------------------------------------------------------------------------

/** One re-encoded width of an uploaded image. */
export const ContentImageSource = z.object({ width: z.number().int(), url: z.string() });
export type ContentImageSource = z.infer<typeof ContentImageSource>;

/** The answer of `POST content/images`: the image's id and its WebP widths (largest is `width` × `height`). */
export const ContentImageUpload = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  srcset: z.array(ContentImageSource),
});
export type ContentImageUpload = z.infer<typeof ContentImageUpload>;

/** An image placed in an item: the uploaded image's id and its alternative text. */
export const ContentImageInput = z.object({
  imageId: z.uuid('validation:invalid'),
  alt: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
});
export type ContentImageInput = z.infer<typeof ContentImageInput>;

/** An image as the admin reads it. */
export const ContentImage = ContentImageUpload.extend({ alt: Trilingual });
export type ContentImage = z.infer<typeof ContentImage>;

/** An image as a visitor reads it (alt text in the page's language). */
export const PublicContentImage = ContentImageUpload.extend({ alt: z.string() });
export type PublicContentImage = z.infer<typeof PublicContentImage>;

// ---- inputs per kind ---------------------------------------------------------------------------------------------

const WithSlug = { slug: ContentSlug.optional() };

const NewsFields = {
  title: TrilingualTitle,
  ...WithSlug,
  summary: TrilingualSummary,
  body: TrilingualRichText,
  coverImage: ContentImageInput.nullable().default(null),
  ...Publishing,
};
export const NewsInput = z.object(NewsFields).superRefine(requireScheduleDate);
export const NewsUpdate = z.object({ ...NewsFields, ...VersionField }).superRefine(requireScheduleDate);
export type NewsInput = z.input<typeof NewsInput>;

const FaqFields = {
  question: trilingualText(CONTENT_LENGTHS.summary),
  ...WithSlug,
  answer: TrilingualRichText,
  category: OptionalTrilingualLabel.default({ pt: '', en: '', fr: '' }),
  order: ContentOrder.default(0),
  ...Publishing,
};
export const FaqInput = z.object(FaqFields).superRefine(requireScheduleDate);
export const FaqUpdate = z.object({ ...FaqFields, ...VersionField }).superRefine(requireScheduleDate);
export type FaqInput = z.input<typeof FaqInput>;

const TestimonyFields = {
  person: z.string('validation:required').trim().min(1, required).max(CONTENT_LENGTHS.title, tooLong),
  ...WithSlug,
  role: OptionalTrilingualLabel.default({ pt: '', en: '', fr: '' }),
  company: z.string().trim().max(CONTENT_LENGTHS.title, tooLong).default(''),
  quote: TrilingualSummary,
  photo: ContentImageInput.nullable().default(null),
  order: ContentOrder.default(0),
  ...Publishing,
};
export const TestimonyInput = z.object(TestimonyFields).superRefine(requireScheduleDate);
export const TestimonyUpdate = z
  .object({ ...TestimonyFields, ...VersionField })
  .superRefine(requireScheduleDate);
export type TestimonyInput = z.input<typeof TestimonyInput>;

/** One picture or video of a gallery album. */
export const GalleryMediaInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('picture'),
      image: ContentImageInput,
      caption: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
      order: ContentOrder.default(0),
    }),
    z.object({
      kind: z.literal('video'),
      videoUrl: YoutubeVideoUrl,
      caption: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
      order: ContentOrder.default(0),
    }),
  ],
  'validation:selectOne',
);
export type GalleryMediaInput = z.input<typeof GalleryMediaInput>;

/** A gallery album: its title and its pictures and videos. */
const GalleryFields = {
  title: TrilingualTitle,
  ...WithSlug,
  description: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
  media: z.array(GalleryMediaInput).max(CONTENT_LENGTHS.galleryMedia, tooLong).default([]),
  order: ContentOrder.default(0),
  ...Publishing,
};
export const GalleryInput = z.object(GalleryFields).superRefine(requireScheduleDate);
export const GalleryUpdate = z.object({ ...GalleryFields, ...VersionField }).superRefine(requireScheduleDate);
export type GalleryInput = z.input<typeof GalleryInput>;

const EventFields = {
  title: TrilingualTitle,
  ...WithSlug,
  /** The day of the event ('2026-11-25'). */
  date: ContentDate,
  place: TrilingualTitle,
  description: TrilingualRichText,
  ...Publishing,
};
export const EventInput = z.object(EventFields).superRefine(requireScheduleDate);
export const EventUpdate = z.object({ ...EventFields, ...VersionField }).superRefine(requireScheduleDate);
export type EventInput = z.input<typeof EventInput>;

/** One highlight of the home page. */
export const HomeHighlightInput = z.object({
  title: TrilingualTitle,
  text: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
  link: ContentLink.or(z.literal('')).default(''),
});

/** The home page's own blocks: hero text, banner, highlights. */
export const HomePageBlocksInput = z.object({
  hero: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
  banner: z
    .object({
      text: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
      link: ContentLink.or(z.literal('')).default(''),
      linkLabel: OptionalTrilingualLabel.default({ pt: '', en: '', fr: '' }),
    })
    .default({ text: { pt: '', en: '', fr: '' }, link: '', linkLabel: { pt: '', en: '', fr: '' } }),
  highlights: z.array(HomeHighlightInput).max(CONTENT_LENGTHS.highlights, tooLong).default([]),
});
export type HomePageBlocksInput = z.input<typeof HomePageBlocksInput>;

/** A fixed page of the site, found by its key; `home` alone carries `home` blocks. */
const PageFields = {
  key: z.enum(CONTENT_PAGE_KEYS, 'validation:selectOne'),
  title: TrilingualTitle,
  body: OptionalTrilingualRichText.default({ pt: '', en: '', fr: '' }),
  home: HomePageBlocksInput.nullable().default(null),
  ...Publishing,
};
export const PageInput = z.object(PageFields).superRefine(requireScheduleDate);
export const PageUpdate = z.object({ ...PageFields, ...VersionField }).superRefine(requireScheduleDate);
export type PageInput = z.input<typeof PageInput>;

/** A regulation or guide: its texts; the PDF is uploaded with `PUT content/documents/{id}/file`. */
const DocumentFields = {
  title: TrilingualTitle,
  ...WithSlug,
  category: z.enum(CONTENT_DOCUMENT_CATEGORIES, 'validation:selectOne'),
  /** The edition it belongs to; null for a document of every edition. */
  editionId: z.uuid('validation:selectOne').nullable().default(null),
  /** The articles of the regulation it cites ('artigos 3.º, 4.º e 6.º'). */
  articles: OptionalTrilingualSummary.default({ pt: '', en: '', fr: '' }),
  order: ContentOrder.default(0),
  ...Publishing,
};
export const DocumentInput = z.object(DocumentFields).superRefine(requireScheduleDate);
export const DocumentUpdate = z
  .object({ ...DocumentFields, ...VersionField })
  .superRefine(requireScheduleDate);
export type DocumentInput = z.input<typeof DocumentInput>;

/** The body of `POST content/{kind}` per kind. */
export const CONTENT_INPUTS = {
  news: NewsInput,
  faq: FaqInput,
  testimonies: TestimonyInput,
  gallery: GalleryInput,
  events: EventInput,
  pages: PageInput,
  documents: DocumentInput,
} as const satisfies Record<ContentKind, z.ZodType>;

/** The body of `PUT content/{kind}/{id}`: the kind's input and the `version` it edits (409 when stale). */
export const CONTENT_UPDATES = {
  news: NewsUpdate,
  faq: FaqUpdate,
  testimonies: TestimonyUpdate,
  gallery: GalleryUpdate,
  events: EventUpdate,
  pages: PageUpdate,
  documents: DocumentUpdate,
} as const satisfies Record<ContentKind, z.ZodType>;

// ---- the admin's view --------------------------------------------------------------------------------------------

const Stored = {
  id: z.uuid(),
  slug: z.string(),
  version: z.number().int(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: z.string().nullable(),
  /** Whether a visitor sees it now (published, or scheduled and its moment has come). */
  isPublic: z.boolean(),
  /** The languages some text is missing in (pt first); empty when complete. */
  missingLanguages: z.array(z.enum(LANGUAGES)),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const NewsItem = z.object({
  ...Stored,
  kind: z.literal('news'),
  title: Trilingual,
  summary: Trilingual,
  body: Trilingual,
  coverImage: ContentImage.nullable(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const FaqItem = z.object({
  ...Stored,
  kind: z.literal('faq'),
  question: Trilingual,
  answer: Trilingual,
  category: Trilingual,
  order: z.number().int(),
});
export type FaqItem = z.infer<typeof FaqItem>;

export const TestimonyItem = z.object({
  ...Stored,
  kind: z.literal('testimonies'),
  person: z.string(),
  role: Trilingual,
  company: z.string(),
  quote: Trilingual,
  photo: ContentImage.nullable(),
  order: z.number().int(),
});
export type TestimonyItem = z.infer<typeof TestimonyItem>;

export const GalleryMedia = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('picture'), image: ContentImage, caption: Trilingual, order: z.number().int() }),
  z.object({
    kind: z.literal('video'),
    videoUrl: z.string(),
    embedUrl: z.string(),
    thumbnailUrl: z.string(),
    caption: Trilingual,
    order: z.number().int(),
  }),
]);
export type GalleryMedia = z.infer<typeof GalleryMedia>;

export const GalleryItem = z.object({
  ...Stored,
  kind: z.literal('gallery'),
  title: Trilingual,
  description: Trilingual,
  media: z.array(GalleryMedia),
  order: z.number().int(),
});
export type GalleryItem = z.infer<typeof GalleryItem>;

export const EventItem = z.object({
  ...Stored,
  kind: z.literal('events'),
  title: Trilingual,
  date: z.string(),
  place: Trilingual,
  description: Trilingual,
});
export type EventItem = z.infer<typeof EventItem>;

export const HomePageBlocks = z.object({
  hero: Trilingual,
  banner: z.object({ text: Trilingual, link: z.string(), linkLabel: Trilingual }),
  highlights: z.array(z.object({ title: Trilingual, text: Trilingual, link: z.string() })),
});
export type HomePageBlocks = z.infer<typeof HomePageBlocks>;

export const PageItem = z.object({
  ...Stored,
  kind: z.literal('pages'),
  key: z.enum(CONTENT_PAGE_KEYS),
  title: Trilingual,
  body: Trilingual,
  home: HomePageBlocks.nullable(),
});
export type PageItem = z.infer<typeof PageItem>;

/** The stored PDF of a document. */
export const ContentDocumentFile = z.object({
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ContentDocumentFile = z.infer<typeof ContentDocumentFile>;

export const DocumentItem = z.object({
  ...Stored,
  kind: z.literal('documents'),
  title: Trilingual,
  category: z.enum(CONTENT_DOCUMENT_CATEGORIES),
  editionId: z.uuid().nullable(),
  articles: Trilingual,
  order: z.number().int(),
  file: ContentDocumentFile.nullable(),
});
export type DocumentItem = z.infer<typeof DocumentItem>;

/** The admin's view per kind (answer of POST, PUT, GET content/{kind}/{id}). */
export const CONTENT_ITEMS = {
  news: NewsItem,
  faq: FaqItem,
  testimonies: TestimonyItem,
  gallery: GalleryItem,
  events: EventItem,
  pages: PageItem,
  documents: DocumentItem,
} as const satisfies Record<ContentKind, z.ZodType>;

export const ContentItem = z.discriminatedUnion('kind', [
  NewsItem,
  FaqItem,
  TestimonyItem,
  GalleryItem,
  EventItem,
  PageItem,
  DocumentItem,
]);
export type ContentItem = z.infer<typeof ContentItem>;

/** `GET content/{kind}` (admin): every item, drafts included, newest first (ordered kinds by their order). */
export const AdminContentListQuery = z.object({
  status: z.enum(CONTENT_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminContentListQuery = z.infer<typeof AdminContentListQuery>;

export function adminContentListOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** `GET content/{kind}/{id}/preview?language=`: the item as a visitor would read it, whatever its status. */
export const ContentPreviewQuery = z.object({ language: z.enum(LANGUAGES).default('pt') });

// ---- the visitor's view ------------------------------------------------------------------------------------------

/** Which language the texts are in: `fallbackLanguages` were used where `language` was missing. */
const Resolved = {
  id: z.uuid(),
  slug: z.string(),
  publishedAt: z.string().nullable(),
  language: z.enum(LANGUAGES),
  fallbackLanguages: z.array(z.enum(LANGUAGES)),
  missing: z.boolean(),
};

export const PublicNewsItem = z.object({
  ...Resolved,
  kind: z.literal('news'),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  coverImage: PublicContentImage.nullable(),
});
export type PublicNewsItem = z.infer<typeof PublicNewsItem>;

export const PublicFaqItem = z.object({
  ...Resolved,
  kind: z.literal('faq'),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  order: z.number().int(),
});
export type PublicFaqItem = z.infer<typeof PublicFaqItem>;

export const PublicTestimonyItem = z.object({
  ...Resolved,
  kind: z.literal('testimonies'),
  person: z.string(),
  role: z.string(),
  company: z.string(),
  quote: z.string(),
  photo: PublicContentImage.nullable(),
  order: z.number().int(),
});
export type PublicTestimonyItem = z.infer<typeof PublicTestimonyItem>;

export const PublicGalleryMedia = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('picture'),
    image: PublicContentImage,
    caption: z.string(),
    order: z.number().int(),
  }),
  z.object({
    kind: z.literal('video'),
    videoUrl: z.string(),
    embedUrl: z.string(),
    thumbnailUrl: z.string(),
    caption: z.string(),
    order: z.number().int(),
  }),
]);
export type PublicGalleryMedia = z.infer<typeof PublicGalleryMedia>;

export const PublicGalleryItem = z.object({
  ...Resolved,
  kind: z.literal('gallery'),
  title: z.string(),
  description: z.string(),
  media: z.array(PublicGalleryMedia),
  order: z.number().int(),
});
export type PublicGalleryItem = z.infer<typeof PublicGalleryItem>;

export const PublicEventItem = z.object({
  ...Resolved,
  kind: z.literal('events'),
  title: z.string(),
  date: z.string(),
  place: z.string(),
  description: z.string(),
});
export type PublicEventItem = z.infer<typeof PublicEventItem>;

/** A threshold of the eligibility page, read from the criteria reference data. */
export const PublicEligibilityThreshold = z.object({
  code: z.string(),
  description: z.string(),
  criterionType: z.string(),
  targetComparison: z.enum(TARGET_COMPARISONS),
  targetValue: z.string(),
});
export type PublicEligibilityThreshold = z.infer<typeof PublicEligibilityThreshold>;

export const PublicHomePageBlocks = z.object({
  hero: z.string(),
  banner: z.object({ text: z.string(), link: z.string(), linkLabel: z.string() }),
  highlights: z.array(z.object({ title: z.string(), text: z.string(), link: z.string() })),
});
export type PublicHomePageBlocks = z.infer<typeof PublicHomePageBlocks>;

export const PublicPageItem = z.object({
  ...Resolved,
  kind: z.literal('pages'),
  key: z.enum(CONTENT_PAGE_KEYS),
  title: z.string(),
  body: z.string(),
  home: PublicHomePageBlocks.nullable(),
  /** The eligibility page only: the application criteria's thresholds, from the reference data. */
  thresholds: z.array(PublicEligibilityThreshold).nullable(),
});
export type PublicPageItem = z.infer<typeof PublicPageItem>;

export const PublicDocumentItem = z.object({
  ...Resolved,
  kind: z.literal('documents'),
  title: z.string(),
  category: z.enum(CONTENT_DOCUMENT_CATEGORIES),
  editionId: z.uuid().nullable(),
  editionYear: z.number().int().nullable(),
  articles: z.string(),
  order: z.number().int(),
  /** Where the PDF is downloaded (attachment) and viewed in the browser (inline); null before its upload. */
  file: z
    .object({ fileName: z.string(), size: z.number().int(), downloadUrl: z.string(), viewUrl: z.string() })
    .nullable(),
});
export type PublicDocumentItem = z.infer<typeof PublicDocumentItem>;

/** The visitor's view per kind. */
export const PUBLIC_CONTENT_ITEMS = {
  news: PublicNewsItem,
  faq: PublicFaqItem,
  testimonies: PublicTestimonyItem,
  gallery: PublicGalleryItem,
  events: PublicEventItem,
  pages: PublicPageItem,
  documents: PublicDocumentItem,
} as const satisfies Record<ContentKind, z.ZodType>;

export const PublicContentItem = z.discriminatedUnion('kind', [
  PublicNewsItem,
  PublicFaqItem,
  PublicTestimonyItem,
  PublicGalleryItem,
  PublicEventItem,
  PublicPageItem,
  PublicDocumentItem,
]);
export type PublicContentItem = z.infer<typeof PublicContentItem>;

/**
 * `GET public/content/{kind}?language=&limit=&cursor=`: a page of published items in the order of the kind (news
 * newest first; FAQ, testimonies, gallery and documents by their order; events by date, `upcoming=true` from
 * today on). `q` searches the FAQ (question and answer, any language, accents ignored). `nextCursor` is null on
 * the last page.
 */
export const PublicContentListQuery = z.object({
  /** The reader's language; without it, the request's (Accept-Language, then pt). */
  language: z.enum(LANGUAGES).optional(),
  limit: z.coerce.number().int().min(1).max(PUBLIC_CONTENT_MAX_LIMIT).default(PUBLIC_CONTENT_DEFAULT_LIMIT),
  cursor: z.string().max(500).optional(),
  q: z.string().trim().max(100).optional(),
  upcoming: z.enum(['true', 'false']).optional(),
  category: z.enum(CONTENT_DOCUMENT_CATEGORIES).optional(),
});
export type PublicContentListQuery = z.infer<typeof PublicContentListQuery>;

export const PublicContentItemQuery = z.object({ language: z.enum(LANGUAGES).optional() });

export function publicContentPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
