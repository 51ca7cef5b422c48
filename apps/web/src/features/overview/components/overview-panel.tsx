import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../ui/load-failed.tsx';

/**
 * A titled panel of the admins' overview (`name` gives its test id and its title's id): an intro, then what its
 * read gives, a skeleton while it loads, or the failure (named by `failed`) with its retry.
 */
export function OverviewPanel<T>({
  name,
  title,
  intro,
  query,
  failed,
  children,
}: {
  name: string;
  title: ReactNode;
  intro: string;
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.data !== undefined) body = children(query.data);
  else if (query.isError) body = <LoadFailed title={failed} onRetry={() => void query.refetch()} />;
  else body = <Skeleton height={200} />;
  return (
    <Paper
      withBorder
      p="md"
      maw={1400}
      component="section"
      aria-labelledby={`${name}-title`}
      data-testid={name}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${name}-title`}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {intro}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
