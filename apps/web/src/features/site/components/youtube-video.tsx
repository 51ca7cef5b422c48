import { youtubeEmbedUrl, youtubeWatchUrl } from '@excelencia/domain';
import { Anchor, Text } from '@mantine/core';
import { IconBrandYoutube, IconExternalLink, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { island } from '../../../lib/island.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import classes from './youtube-video.module.css';

/**
 * A YouTube video of the gallery. Nothing is fetched from YouTube until the visitor clicks: a play button with
 * the title stands in its place (no external image), then the player loads from youtube-nocookie.com (the only
 * frame source the CSP allows). The long watch link (short links are stored in that form) opens it on YouTube,
 * with or without JavaScript.
 */
export function YoutubeVideo({ url, title }: { url: string; title: string }) {
  const t = useTranslate();
  const [playing, setPlaying] = useState(false);
  const label = title || t('contentPublic:gallery.video');
  return (
    <figure className={classes.video} data-testid="gallery-video">
      <div className={classes.frame}>
        {playing ? (
          <iframe
            className={classes.player}
            src={youtubeEmbedUrl(url, { autoplay: true })}
            title={label}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="gallery-video-player"
          />
        ) : (
          <button
            type="button"
            className={classes.poster}
            onClick={() => setPlaying(true)}
            aria-label={t('contentPublic:gallery.play', { title: label })}
            data-testid="gallery-video-play"
          >
            <span className={classes.playIcon} aria-hidden="true">
              <IconPlayerPlayFilled size={32} />
            </span>
            <span className={classes.posterTitle} aria-hidden="true">
              {label}
            </span>
          </button>
        )}
      </div>
      <figcaption className={classes.caption}>
        {title ? <Text size="sm">{title}</Text> : null}
        <Anchor
          href={youtubeWatchUrl(url)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          aria-label={t('contentPublic:gallery.openOnYoutube', { title: label })}
        >
          <IconBrandYoutube size={16} aria-hidden="true" className={classes.icon} />
          {t('contentPublic:gallery.openOnYoutubeShort')}
          <IconExternalLink size={12} aria-hidden="true" className={classes.iconAfter} />
        </Anchor>
      </figcaption>
    </figure>
  );
}

/** The video as an island: on a page rendered for a visitor, the play button is what runs. */
export const YoutubeVideoIsland = island('youtube-video', YoutubeVideo);
