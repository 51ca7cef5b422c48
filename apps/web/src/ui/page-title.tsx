import { Title } from '@mantine/core';
import { useDocumentTitle } from './use-document-title.ts';

/** The page's one h1, also the document title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(children);
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  );
}
