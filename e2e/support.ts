import { AxeBuilder } from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { type Language, translate } from '../packages/domain/src/index.ts';

export const DEMO = {
  admin: { email: 'admin@excelencia.cv', password: 'Admin!2026', name: 'Administrador' },
  company: { email: 'empresa@excelencia.cv', password: 'Empresa!2026' },
  partner: { email: 'parceiro@excelencia.cv', password: 'Parceiro!2026' },
} as const;

type Goto = Page['goto'];
const patched = new WeakSet<object>();

/** Makes every page's `goto` (all pages share the prototype) wait until a rendered page has hydrated. */
function waitForHydrationAfterGoto(page: Page): void {
  const prototype = Object.getPrototypeOf(page) as { goto: Goto };
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const goto = prototype.goto;
  prototype.goto = async function (this: Page, ...args: Parameters<Goto>) {
    const response = await goto.apply(this, args);
    await waitForApp(this);
    return response;
  };
}

/** A demo user whose session the specs share. */
export type DemoRole = keyof typeof DEMO;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where each demo user's sign-in from the English home lands (a company's first visit: in a new tab). */
const LANDING: Record<DemoRole, RegExp> = {
  admin: /\/en\/admin\/dashboard$/,
  company: /\/en\/company\/dashboard$/,
  partner: /\/en\/partner\/dashboard$/,
};

/**
 * Signs a demo user in through the provider's real page, in a context of its own, and returns that context's
 * storage state: the portal's session cookie (the session itself is on the server), the provider's cookies and
 * what the first signed-in page stored (the language; a company user's selected company and the dashboard tab
 * already opened).
 */
async function signInOnce(browser: Browser, baseURL: string, role: DemoRole): Promise<StorageState> {
  // No storage state of the test's options: signed out.
  const context = await browser.newContext({ baseURL, storageState: undefined });
  try {
    const page = await context.newPage();
    const tab = role === 'company' ? context.waitForEvent('page') : null;
    await signIn(page, 'en', DEMO[role].email, DEMO[role].password);
    const landed = tab ? await tab : page;
    await expect(landed).toHaveURL(LANDING[role]);
    await expect(sideMenu(landed)).toBeVisible();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface DemoSessions {
  /** The storage state of `role`'s shared session: signed in on first use in this worker, then checked. */
  state(role: DemoRole): Promise<StorageState>;
}

/**
 * Playwright's test, where every page (of any context) waits after `goto` until a server-rendered page has
 * hydrated: a click on its HTML before would do nothing, as it would for a user on a slow phone.
 *
 * Each demo user signs in through the provider's page once per worker (the suite has one), on first use, and the
 * tests that only need a signed-in page of that user share that session: `openAs('company')` opens a page in a
 * new context that starts with it. A test that signs out, or changes, locks or deactivates the account, signs in
 * on its own (`signIn`, `signInNewContext`): sessions are on the server, and ending the shared one would sign the
 * later tests out. (Not `test.use({ storageState })`: every `browser.newContext()` of such a test, a visitor's
 * too, would start signed in.)
 */
export const test = base.extend<
  {
    /** A page in a new context with `role`'s shared session (not navigated; closed after the test). */
    openAs: (role: DemoRole) => Promise<Page>;
  },
  { waitForHydration: void; demoSessions: DemoSessions }
>({
  // Once per worker, on a page of a context of its own: a test that asks for no `page` then opens none.
  waitForHydration: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      waitForHydrationAfterGoto(await context.newPage());
      await context.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  demoSessions: [
    async ({ browser, playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? '';
      const states = new Map<DemoRole, Promise<StorageState>>();
      await use({
        async state(role) {
          const known = states.get(role);
          if (!known) {
            const state = signInOnce(browser, baseURL, role);
            states.set(role, state);
            return state;
          }
          // Still signed in? Ending it is a test's mistake (it signs out or changes the account on a shared
          // session): say so here rather than fail the next test on a signed-out page.
          const state = await known;
          const request = await playwright.request.newContext({ baseURL, storageState: state });
          try {
            const session = (await (await request.get('/auth/session')).json()) as { status: string };
            if (session.status !== 'authenticated') {
              throw new Error(
                `The demo ${role}'s shared session has ended (${session.status}): an earlier test ended it. A ` +
                  'test that signs out or changes the account signs in on its own (signIn, signInNewContext).',
              );
            }
          } finally {
            await request.dispose();
          }
          return state;
        },
      });
    },
    { scope: 'worker' },
  ],
  openAs: async ({ browser, baseURL, demoSessions }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ baseURL, storageState: await demoSessions.state(role) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * Until the page is interactive: at once for pages the browser renders, after hydration for rendered ones, and
 * at once where scripts do not run (boot.js marks <html data-boot> when they do; it runs before `load`).
 */
export async function waitForApp(page: Page): Promise<void> {
  const html = page.locator('html');
  const rendered = (await page.locator('#ssr-data').count()) > 0;
  if (!rendered || (await html.getAttribute('data-boot')) !== 'true') return;
  await page
    .locator('html[data-ready="true"]')
    .waitFor({ state: 'attached' })
    .catch(() => undefined);
}

/**
 * The headers a state-changing API call of a signed-in browser context sends: the CSRF token (double-submit, the
 * cookie comes with the context) and the language its errors are answered in.
 */
export async function csrfHeaders(request: APIRequestContext, language: Language = 'en') {
  const csrf = (await (await request.get('/auth/csrf')).json()) as { csrfToken: string };
  return { 'x-csrf-token': csrf.csrfToken, 'x-language': language };
}

/** The text a user sees for a catalog key, so specs read the same in every language. */
export const t = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, key, params);

/** Fills the built-in provider's real login page (the page must be on it). */
export async function fillLoginPage(page: Page, language: Language, email: string, password: string) {
  await expect(page.getByRole('heading', { name: t(language, 'idp:signIn.heading') })).toBeVisible();
  await page.getByLabel(t(language, 'idp:signIn.email'), { exact: true }).fill(email);
  await page.getByLabel(t(language, 'idp:signIn.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(language, 'idp:signIn.submit') }).click();
}

/** From the public home in `language`, signs in through the portal's Login button and the provider's page. */
export async function signIn(page: Page, language: Language, email: string, password: string) {
  await page.goto(`/${language}/`);
  await page.getByRole('button', { name: t(language, 'shell:nav.login') }).click();
  await fillLoginPage(page, language, email, password);
  await page.waitForURL((url) => url.port === '3100');
}

/**
 * Signs `account` in as `signIn` does, in a browser context of its own (another user beside the test's page). A
 * company user's first visit opens its dashboard in a new tab: with `dashboardTab`, that tab is returned.
 */
export async function signInNewContext(
  browser: Browser,
  language: Language,
  account: { email: string; password: string },
  dashboardTab = false,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const tab = dashboardTab ? context.waitForEvent('page') : null;
  await signIn(page, language, account.email, account.password);
  return tab ? await tab : page;
}

/**
 * The page does not scroll sideways: nothing in it is wider than the viewport. Polled: a page just loaded or resized
 * may lay itself out after a single read would have been taken.
 */
export async function expectNoSideScroll(page: Page): Promise<void> {
  await expect
    .poll(async () => Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')))
    .toBeLessThanOrEqual(0);
}

export function sideMenu(page: Page) {
  return page.getByTestId('side-menu');
}

/** An entry of the language selector's menu: each language is named in itself (Português, English, Français). */
export function languageItem(page: Page, language: Language) {
  return page.getByRole('menuitem', { name: t(language, `common:languages.${language}`) });
}

/** A language of the public header's links: each is named in itself (Português, English, Français). */
export function languageLink(page: Page, language: Language) {
  return page
    .getByTestId('language-links')
    .getByRole('link', { name: t(language, `common:languages.${language}`) });
}

/** Chooses the option of a native select whose text contains `text` (the first real option when omitted). */
export async function choose(page: Page, testId: string, text?: string) {
  const select = page.getByTestId(testId);
  const options = text
    ? select.locator('option', { hasText: text })
    : select.locator('option:not([value=""])');
  await expect(options.first()).toBeAttached();
  await select.selectOption((await options.first().getAttribute('value')) ?? '');
}

/**
 * What axe finds on the page once it is still: a drawer, modal or toast that is still fading in would be measured
 * half transparent, and its text then fails the contrast rule it meets when shown. `level` 'serious' keeps the
 * serious and critical violations only. Each violation reads `rule: help (elements)`.
 */
export async function axeViolations(page: Page, level: 'all' | 'serious' = 'all'): Promise<string[]> {
  // Two frames let a transition that was just scheduled start, so it is among the running animations; endless
  // ones (a loader's spin) are left out. Written as a string: this tsconfig has no DOM types.
  await page.evaluate(`(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  })()`);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => level === 'all' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
