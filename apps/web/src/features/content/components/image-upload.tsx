import type { ContentImageUpload } from '@excelencia/domain';
import { formatByteSize } from '@excelencia/domain';
import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** An image as the server keeps it: re-encoded to WebP in several widths. */
export type ImageValue = ContentImageUpload;

/** The `srcset` attribute of an uploaded image. */
export function srcsetOf(image: ContentImageUpload): string {
  return image.srcset.map((source) => `${source.url} ${source.width}w`).join(', ');
}

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Chooses a picture, uploads it with a progress bar and shows it as the public page will (srcset); the
 * server re-encodes it. Removing only clears the field: the file goes when the item is saved without it.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  upload,
  alt,
  testId = 'image-upload',
  maxBytes,
}: {
  label: string;
  value: ImageValue | null;
  onChange: (next: ImageValue | null) => void;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<ImageValue>;
  /** The preview's alternative text (the item's title or caption). */
  alt: string;
  testId?: string;
  maxBytes?: number;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) {
      setProblem(t('contentAdmin:image.wrongType'));
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      setProblem(t('contentAdmin:image.tooLarge', { max: formatByteSize(maxBytes, language) }));
      return;
    }
    setProgress(0);
    try {
      onChange(await upload(file, setProgress));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500} component="span">
        {label}
      </Text>
      {value ? (
        <Paper withBorder p={6} maw={360} pos="relative">
          <Image
            src={value.url}
            srcSet={srcsetOf(value)}
            sizes="360px"
            alt={alt}
            radius="sm"
            h={200}
            fit="cover"
            data-testid={`${testId}-preview`}
          />
          <Box pos="absolute" top={12} right={12}>
            <ActionIcon
              variant="filled"
              color="red.9"
              aria-label={t('contentAdmin:image.remove')}
              title={t('contentAdmin:image.remove')}
              onClick={() => onChange(null)}
              data-testid={`${testId}-remove`}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Box>
        </Paper>
      ) : (
        <Text size="sm" c="gray.7">
          {t('contentAdmin:image.none')}
        </Text>
      )}
      <Group gap="sm">
        <FileButton onChange={(file) => void choose(file)} accept={IMAGE_TYPES} disabled={uploading}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
              loading={uploading}
              data-testid={`${testId}-choose`}
            >
              {t(value ? 'contentAdmin:image.replace' : 'contentAdmin:image.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="gray.7">
        {t('contentAdmin:image.hint')}
      </Text>
      {uploading ? (
        <Progress
          value={Math.round((progress ?? 0) * 100)}
          aria-label={t('contentAdmin:image.uploading')}
          data-testid={`${testId}-progress`}
        />
      ) : null}
      {problem ? (
        <Text size="sm" c="red.9" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
