import {
  type ContentKind,
  formatContentDate,
  LANGUAGES,
  type Language,
  type PublicContentImage,
  type PublicContentItem,
} from '@excelencia/domain';
import { Alert, Badge, Button, Image, Menu, Stack, Text, Title, Typography } from '@mantine/core';
import { IconChevronDown, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { openModal } from '../../../ui/modal-store.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { fetchPreview } from '../api.ts';

function Picture({ image }: { image: PublicContentImage }) {
  return (
    <Image
      src={image.url}
      srcSet={image.srcset.map((source) => `${source.url} ${source.width}w`).join(', ')}
      sizes="(max-width: 48em) 100vw, 640px"
      alt={image.alt}
      radius="sm"
      mah={360}
      fit="cover"
    />
  );
}

/** Server-cleaned HTML (the allow-list ran at write), shown with the site's typography. */
function Html({ html }: { html: string }) {
  if (!html) return null;
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned it with its allow-list at write */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** The item as a visitor would read it: the texts of one language (pt where that one is missing). */
export function PreviewBody({ item }: { item: PublicContentItem }) {
  const t = useTranslate();
  const fallback = item.fallbackLanguages.length > 0;
  let title = '';
  let body = '';
  let lead = '';
  let image: PublicContentImage | null = null;
  switch (item.kind) {
    case 'news':
      ({ title, body, summary: lead } = item);
      image = item.coverImage;
      break;
    case 'faq':
      title = item.question;
      body = item.answer;
      lead = item.category;
      break;
    case 'testimonies':
      title = item.person;
      lead = [item.role, item.company].filter(Boolean).join(' · ');
      body = `<blockquote><p>${item.quote.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></blockquote>`;
      image = item.photo;
      break;
    case 'gallery':
      title = item.title;
      lead = item.description;
      break;
    case 'events':
      title = item.title;
      lead = `${formatContentDate(item.date, item.language)} · ${item.place}`;
      body = item.description;
      break;
    case 'pages':
      title = item.title;
      body = item.body;
      lead = item.home?.hero ?? '';
      break;
    case 'documents':
      title = item.title;
      lead = item.articles;
      break;
  }
  return (
    <Stack gap="sm" lang={item.language} data-testid="content-preview">
      {fallback ? (
        <Alert color={WARNING_ORANGE} variant="light" data-testid="preview-fallback">
          {t('contentAdmin:preview.fallback', { language: t(`common:languages.${item.language}`) })}
        </Alert>
      ) : null}
      {item.publishedAt ? (
        <Text size="sm" c="gray.7">
          {formatContentDate(item.publishedAt, item.language)}
        </Text>
      ) : null}
      <Title order={2}>{title}</Title>
      {lead ? <Text fw={500}>{lead}</Text> : null}
      {image ? <Picture image={image} /> : null}
      <Html html={body} />
      {item.kind === 'gallery' ? (
        <Stack gap="xs">
          {item.media.map((media, index) =>
            media.kind === 'picture' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the album's order is the identity here
              <Stack key={index} gap={2}>
                <Picture image={media.image} />
                {media.caption ? <Text size="sm">{media.caption}</Text> : null}
              </Stack>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the album's order is the identity here
              <Stack key={index} gap={2}>
                <Badge variant="light">YouTube</Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {media.videoUrl}
                </Text>
                {media.caption ? <Text size="sm">{media.caption}</Text> : null}
              </Stack>
            ),
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * Preview in pt, en or fr: asks the server for the item as a visitor would read it in that language (its
 * status aside) and shows it in the app's modal. Disabled before the item's first save.
 */
export function PreviewMenu({ kind, id }: { kind: ContentKind; id: string | null }) {
  const t = useTranslate();
  const [loading, setLoading] = useState(false);
  const open = async (language: Language) => {
    if (!id) return;
    setLoading(true);
    try {
      const item = await fetchPreview(kind, id, language);
      openModal({
        title: t('contentAdmin:preview.title', { language: t(`common:languages.${language}`) }),
        content: <PreviewBody item={item as PublicContentItem} />,
        size: 'xl',
      });
    } catch (error) {
      notifyApiError(error);
    } finally {
      setLoading(false);
    }
  };
  if (!id) {
    return (
      <Text size="sm" c="gray.7" data-testid="preview-save-first">
        {t('contentAdmin:preview.saveFirst')}
      </Text>
    );
  }
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          loading={loading}
          leftSection={<IconEye size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          data-testid="content-preview-button"
        >
          {t('contentAdmin:preview.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item key={language} onClick={() => void open(language)} data-testid={`preview-${language}`}>
            {t('contentAdmin:preview.in', { language: t(`common:languages.${language}`) })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
