import { describe, expect, it } from 'vitest';
import {
  formatContentDate,
  slugify,
  stripHtml,
  truncateText,
  youtubeEmbedUrl,
  youtubeVideoId,
  youtubeWatchUrl,
} from './text.ts';

describe('truncateText', () => {
  it('strips the HTML and keeps a text that fits whole', () => {
    expect(truncateText('<p>Olá <strong>mundo</strong>.</p>', 50)).toBe('Olá mundo.');
    expect(truncateText('<p>Uma frase.</p><p>Outra.</p>', 100)).toBe('Uma frase. Outra.');
  });

  it('cuts at the last sentence punctuation before the limit', () => {
    const html = '<p>First sentence. Second one! Third question? And a fourth that runs long</p>';
    // 'First sentence. Second one! Third question?' is 43 characters.
    expect(truncateText(html, 50)).toBe('First sentence. Second one! Third question?');
    expect(truncateText(html, 30)).toBe('First sentence. Second one!');
    expect(truncateText(html, 20)).toBe('First sentence.');
  });

  it('without a punctuation mark in reach, cuts at the last whole word and marks it', () => {
    expect(truncateText('<p>Words without any stop in them at all</p>', 20)).toBe('Words without any…');
  });

  it('does not count markup, script contents or entities as text', () => {
    const html =
      '<p>A &amp; B.</p><script>alert("x. y. z.")</script><img src="/x.webp" alt="x"> C is long enough';
    expect(stripHtml(html)).toBe('A & B. C is long enough');
    // A closing tag before punctuation leaves no space before it.
    expect(stripHtml('<p>Meet the <strong>criteria</strong>. Then <em>apply</em>!</p>')).toBe(
      'Meet the criteria. Then apply!',
    );
    expect(truncateText(html, 12)).toBe('A & B.');
  });
});

describe('slugify', () => {
  it('removes accents, lower-cases and joins words with one hyphen', () => {
    expect(slugify('Edição 2026: Distinção às Empresas!')).toBe('edicao-2026-distincao-as-empresas');
    expect(slugify('  Ça coûte combien ?  ')).toBe('ca-coute-combien');
    expect(slugify('---')).toBe('');
  });

  it('stays within 120 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(119)} b`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('YouTube links', () => {
  it('turns the short forms into the long watch form', () => {
    expect(youtubeWatchUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(youtubeWatchUrl('https://youtu.be/dQw4w9WgXcQ?t=42')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(youtubeWatchUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(youtubeWatchUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
  });

  it('embeds from youtube-nocookie.com', () => {
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  it('refuses links that are not YouTube videos', () => {
    for (const url of [
      'https://vimeo.com/123456',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/youtu.be/dQw4w9WgXcQ',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UCabcdefghij',
      'not a url',
    ]) {
      expect(youtubeVideoId(url), url).toBeNull();
      expect(() => youtubeWatchUrl(url)).toThrow();
    }
  });
});

describe('formatContentDate', () => {
  it('writes dates as the rest of the site does', () => {
    expect(formatContentDate('2026-11-25', 'pt')).toBe('25 - novembro - 2026');
    expect(formatContentDate('2026-11-01', 'fr')).toBe('1er novembre 2026');
    expect(formatContentDate('2026-11-25T10:00:00Z', 'en')).toBe('25 November 2026');
  });
});
