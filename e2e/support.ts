import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { type Language, translate } from '../packages/domain/src/index.ts';

export const DEMO = {
  admin: { email: 'admin@excelencia.cv', password: 'Admin!2026', name: 'Administrador' },
  company: { email: 'empresa@excelencia.cv', password: 'Empresa!2026' },
  partner: { email: 'parceiro@excelencia.cv', password: 'Parceiro!2026' },
} as const;

type Goto = Page['goto'];
const patched = new WeakSet<object>();

/**
 * Playwright's test, where every page (of any context) waits after `goto` until a server-rendered page has
 * hydrated: a click on its HTML before would do nothing, as it would for a user on a slow phone.
 */
export const test = base.extend<{ waitForHydration: void }>({
  waitForHydration: [
    async ({ page }, use) => {
      const prototype = Object.getPrototypeOf(page) as { goto: Goto };
      if (!patched.has(prototype)) {
        patched.add(prototype);
        const goto = prototype.goto;
        prototype.goto = async function (this: Page, ...args: Parameters<Goto>) {
          const response = await goto.apply(this, args);
          await waitForApp(this);
          return response;
        };
      }
      await use();
    },
    { auto: true },
  ],
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

/**
 * Signs the demo company in from the English home and returns the company dashboard tab that a company user's
 * first visit opens.
 */
export async function signInCompany(page: Page, baseURL: string): Promise<Page> {
  const port = new URL(baseURL).port;
  await page.goto('/en/');
  const tab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t('en', 'shell:nav.login') }).click();
  await fillLoginPage(page, 'en', DEMO.company.email, DEMO.company.password);
  await page.waitForURL((url) => url.port === port);
  const dashboard = await tab;
  await expect(dashboard).toHaveURL(/\/en\/company\/dashboard$/);
  return dashboard;
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
