import { useMediaQuery } from '@mantine/hooks';
import { dehydrate, hydrate, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyKeys, useSelectedCompany } from '../features/companies/my-companies.ts';
import { COMPANY_ID_KEY } from '../features/session/browser-storage.ts';
import { createQueryClient, keepFreshFromPage } from './query-client.ts';

/**
 * A signed-in page the server rendered is hydrated by the browser (docs/adr/0037): what the browser alone knows
 * (the screen's size, the stored company) must not make the first render differ from the server's HTML, and what
 * came with the page is not asked for again.
 */

const SMALL = '(max-width: 47.99em)';

function Probe() {
  const small = useMediaQuery(SMALL, false);
  const { selected } = useSelectedCompany(true);
  return (
    <p>
      {small ? 'small' : 'wide'} · {selected?.companyName ?? 'none'}
    </p>
  );
}

/** A company user's two companies, as the page's answers bring them (the server has no stored choice). */
function withCompanies(): React.ReactElement {
  const client = createQueryClient();
  client.setQueryData(companyKeys.mine(), [
    { id: 'company-6', companyName: 'Ana, Lda', nif: '200000006', role: 'owner' },
    { id: 'company-7', companyName: 'Bela, SA', nif: '200000007', role: 'owner' },
  ]);
  return (
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>
  );
}

let recoverable: unknown[];
let container: HTMLDivElement;

beforeEach(() => {
  recoverable = [];
  container = document.createElement('div');
  document.body.append(container);
  // A page that has just loaded: the test's worker may have been running for longer than the answers stay fresh.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  container.remove();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function hydrateWith(element: React.ReactElement) {
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
}

describe('a server-rendered page hydrated in the browser', () => {
  it('is drawn as wide and without a stored company, then shows what the browser knows, without a mismatch', async () => {
    container.innerHTML = renderToString(withCompanies());
    expect(container.textContent).toBe('wide · none');

    localStorage.setItem(COMPANY_ID_KEY, 'company-7');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === SMALL,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    await hydrateWith(withCompanies());
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('small · Bela, SA');
  });

  it("takes the page's answers as fresh: a component does not fetch them again, another query is fetched", async () => {
    const server = createQueryClient();
    server.setQueryData(['sheets'], ['2024', '2025']);
    const state = dehydrate(server);

    const client = createQueryClient();
    hydrate(client, JSON.parse(JSON.stringify(state)));
    keepFreshFromPage(client);
    const fetchSheets = vi.fn(async () => ['2024', '2025', '2026']);
    const fetchOther = vi.fn(async () => 'other');
    function Page() {
      const sheets = useQuery({ queryKey: ['sheets'], queryFn: fetchSheets });
      const other = useQuery({ queryKey: ['other'], queryFn: fetchOther });
      return (
        <p>
          {sheets.data?.join(',')} · {other.data ?? '…'}
        </p>
      );
    }
    const page = (
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    );
    const serverPage = (
      <QueryClientProvider client={server}>
        <Page />
      </QueryClientProvider>
    );
    container.innerHTML = renderToString(serverPage);
    await hydrateWith(page);
    await vi.waitFor(() => expect(container.textContent).toBe('2024,2025 · other'));
    expect(fetchSheets).not.toHaveBeenCalled();
    expect(fetchOther).toHaveBeenCalledTimes(1);
    expect(recoverable).toEqual([]);

    // Asked for again (another page that shows it), it is still the page's answer; half a minute after the
    // page's start, the server is asked as for any other.
    expect(await client.fetchQuery({ queryKey: ['sheets'], queryFn: fetchSheets })).toEqual(['2024', '2025']);
    expect(fetchSheets).not.toHaveBeenCalled();
    vi.spyOn(performance, 'now').mockReturnValue(31_000);
    expect(await client.fetchQuery({ queryKey: ['sheets'], queryFn: fetchSheets })).toEqual([
      '2024',
      '2025',
      '2026',
    ]);
  });
});
