import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { YoutubeVideo } from './youtube-video.tsx';

describe('a gallery video', () => {
  it('loads nothing from YouTube until the visitor clicks play, then the player from youtube-nocookie', () => {
    const { container } = renderWithApp(
      <YoutubeVideo url="https://www.youtube.com/watch?v=aqz-KE-bpKQ" title="Video of the ceremony" />,
    );
    // Before the click: no frame and no image from YouTube, only a button named after the video.
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play the video: Video of the ceremony' });
    // The long watch link works at any time, without JavaScript too.
    const open = screen.getByRole('link', { name: 'Open on YouTube: Video of the ceremony' });
    expect(open.getAttribute('href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(open.getAttribute('rel')).toContain('noopener');

    fireEvent.click(play);
    const player = screen.getByTitle('Video of the ceremony');
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    expect(screen.queryByRole('button', { name: /Play the video/ })).toBeNull();
  });

  it('turns a short link into the long watch form', () => {
    renderWithApp(<YoutubeVideo url="https://youtu.be/aqz-KE-bpKQ" title="" />, { language: 'pt' });
    expect(screen.getByRole('link', { name: 'Abrir no YouTube: Vídeo' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ver o vídeo: Vídeo' }));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
    );
  });
});
