import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { BarometerResponse, formatNumber, indicatorValueText } from '../packages/domain/src/index.ts';
import { expectNoSideScroll, t, test } from './support.ts';

/** A CSV field as the barometer's download writes it: quoted when it holds a comma, a quote or a line break. */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

test('a visitor without JavaScript reads the barometer in French on a phone and downloads a table as CSV', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/fr/');
  // The footer leads to it.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('fr', 'barometerWeb:nav'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/fr\/public\/barometro$/);
  await expect(page.getByRole('heading', { level: 1, name: t('fr', 'barometerWeb:title') })).toBeVisible();

  // The grouping is a GET form: without scripts, its button reloads the page the server renders.
  await page.getByLabel(t('fr', 'barometerWeb:choose.by')).selectOption('caeSection');
  await page.getByRole('button', { name: t('fr', 'barometerWeb:choose.show') }).click();
  await expect(page).toHaveURL(/\/fr\/public\/barometro\?(year=\d+&)?by=caeSection$/);

  // The page's first table shows what the API answers, written the portal's way.
  const api = BarometerResponse.parse(
    await (await request.get('/app/api/v1/public/barometer?by=caeSection')).json(),
  );
  const first = api.criteria[0];
  if (!first || api.year === null) throw new Error('the demo data gives the barometer no figures');
  const criterion = page.getByTestId('barometer-criterion').first();
  await expect(criterion).toHaveAttribute('data-code', first.code);
  const overall = criterion.getByTestId('barometer-row').first();
  if (first.overall.suppressed) {
    await expect(overall).toContainText(t('fr', `barometer:suppressed.${first.overall.suppressed}`));
  } else {
    await expect(overall).toContainText(formatNumber(first.overall.count));
    await expect(overall).toContainText(indicatorValueText(first.overall.median, first.target));
  }
  // Its drawing is on the page, plain SVG, and nothing is wider than the phone.
  await expect(criterion.getByTestId('barometer-chart')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: test.info().outputPath('barometer-fr-390.png'), fullPage: true });

  // The table's CSV link downloads it, headed in French.
  const download = page.waitForEvent('download');
  await criterion.getByTestId('barometer-download-csv').click();
  const file = await download;
  const text = await readFile(await file.path(), 'utf8');
  const [header, firstRow] = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    ['criterionCode', 'criterion', 'group', 'count', 'q1', 'median', 'q3', 'meetingShare', 'note']
      .map((key) => csvField(t('fr', `barometer:download.${key}`)))
      .join(','),
  );
  expect(firstRow?.startsWith(`${first.code},`)).toBe(true);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  await context.close();
});
