import { describe, expect, it } from 'vitest';
import {
  createLanguageResolver,
  GalleryInput,
  missingLanguages,
  NewsInput,
  NewsUpdate,
  PageInput,
} from './schemas.ts';

const news = {
  title: { pt: 'Abertura', en: 'Opening', fr: '' },
  summary: { pt: 'Resumo', en: 'Summary', fr: 'Résumé' },
  body: { pt: '<p>Corpo</p>', en: '<p></p>', fr: '<p>Corps</p>' },
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('NewsInput', () => {
  it('defaults to a draft and keeps empty languages as missing', () => {
    const parsed = NewsInput.parse(news);
    expect(parsed).toMatchObject({ status: 'draft', publishedAt: null, coverImage: null });
    expect(missingLanguages([{ text: parsed.title }, { text: parsed.body, rich: true }])).toEqual([
      'en',
      'fr',
    ]);
  });

  it('requires pt, a date for a scheduled item, and a valid slug', () => {
    expect(
      messages(
        NewsInput.safeParse({
          ...news,
          title: { pt: ' ', en: 'x', fr: '' },
          status: 'scheduled',
          slug: 'Não',
        }),
      ),
    ).toEqual({
      'title.pt': 'validation:required',
      slug: 'validation:invalidSlug',
      publishedAt: 'validation:scheduleNeedsDate',
    });
    expect(messages(NewsInput.safeParse({ ...news, body: { pt: '<p> </p>', en: '', fr: '' } }))).toEqual({
      'body.pt': 'validation:required',
    });
  });

  it('takes the version on update', () => {
    expect(NewsUpdate.safeParse(news).success).toBe(false);
    expect(NewsUpdate.parse({ ...news, version: 3 }).version).toBe(3);
  });
});

describe('GalleryInput', () => {
  it('stores a YouTube short link in the long form and refuses other hosts', () => {
    const album = { title: { pt: 'Gala', en: '', fr: '' } };
    const parsed = GalleryInput.parse({
      ...album,
      media: [{ kind: 'video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
    });
    expect(parsed.media[0]).toMatchObject({
      kind: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(
      messages(
        GalleryInput.safeParse({ ...album, media: [{ kind: 'video', videoUrl: 'https://vimeo.com/1' }] }),
      ),
    ).toEqual({ 'media.0.videoUrl': 'validation:invalidYoutubeUrl' });
  });
});

describe('PageInput', () => {
  it('accepts only the known page keys and safe banner links', () => {
    expect(messages(PageInput.safeParse({ key: 'contact', title: { pt: 'x', en: '', fr: '' } }))).toEqual({
      key: 'validation:selectOne',
    });
    expect(
      messages(
        PageInput.safeParse({
          key: 'home',
          title: { pt: 'Início', en: '', fr: '' },
          home: { banner: { link: 'javascript:alert(1)' } },
        }),
      ),
    ).toEqual({ 'home.banner.link': 'validation:invalidUrl' });
  });
});

describe('createLanguageResolver', () => {
  it('falls back to pt where the language is missing and says so', () => {
    const resolver = createLanguageResolver('en');
    expect(resolver.text(news.title)).toBe('Opening');
    expect(resolver.marks()).toEqual({ language: 'en', fallbackLanguages: [], missing: false });
    expect(resolver.text(news.body, true)).toBe('<p>Corpo</p>');
    expect(resolver.marks()).toEqual({ language: 'en', fallbackLanguages: ['pt'], missing: true });
  });
});
