import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from './api-client.ts';
import {
  FIRST_ANSWERS_FRESH_MS,
  hasFirstAnswer,
  resetFirstAnswers,
  takeFirstAnswer,
} from './first-answers.ts';

/** The answers a signed-in page came with (docs/adr/0025) stand in for the app's first calls, once. */
const SESSION = { status: 'authenticated', user: { id: 'u', name: 'Ana', email: 'ana@empresa.cv' } };

function pageWith(answers: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-answers';
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetFirstAnswers();
  // A page that has just loaded: the test's worker may have been running for longer than the answers stay fresh.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
  fetchMock = vi.fn(
    async (path: string) =>
      new Response(
        JSON.stringify(path === '/auth/csrf' ? { csrfToken: 'token' } : { status: 'unauthenticated' }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById('first-answers')?.remove();
  resetFirstAnswers();
});

describe('answers sent with the page', () => {
  it('answer the first GET of their path without a request, and the next one from the server', async () => {
    pageWith({ '/auth/session': SESSION });
    expect(hasFirstAnswer('/auth/session')).toBe(true);
    expect(await apiJson('/auth/session')).toEqual(SESSION);
    expect(fetchMock).not.toHaveBeenCalled();
    // The block is read once and leaves the page.
    expect(document.getElementById('first-answers')).toBeNull();

    expect(await apiJson('/auth/session')).toEqual({ status: 'unauthenticated' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave other paths and changes to the server', async () => {
    pageWith({ '/auth/session': SESSION });
    await apiJson('/app/api/v1/me/companies');
    await apiJson('/auth/session', { method: 'POST', body: {} });
    const asked = fetchMock.mock.calls.map(([path]) => String(path));
    expect(asked).toContain('/app/api/v1/me/companies');
    expect(asked).toContain('/auth/session');
  });

  it('are not taken once the page has been open too long, nor from a damaged block', () => {
    pageWith({ '/auth/session': SESSION });
    expect(takeFirstAnswer('/auth/session', FIRST_ANSWERS_FRESH_MS + 1)).toBeUndefined();

    document.getElementById('first-answers')?.remove();
    resetFirstAnswers();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-answers';
    block.textContent = '{"/auth/session": ';
    document.body.append(block);
    expect(takeFirstAnswer('/auth/session')).toBeUndefined();
  });
});
