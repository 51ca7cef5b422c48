import { chromium, type Page } from '@playwright/test';
const BASE = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function session(email: string, password: string, lang: string, width: number) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${BASE}/auth/login?callbackUrl=/${lang}/`);
  await page.locator('input[type=email], input[name=email]').first().fill(email);
  await page.locator('input[type=password]').first().fill(password);
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => u.port === '3300');
  return page;
}
const admin = await session('admin@excelencia.cv', 'Admin!2026', 'fr', 390);
await admin.goto(`${BASE}/fr/admin/statistic`);
await admin.waitForTimeout(3000);
await admin.screenshot({ path: '/tmp/shots/a-stat-fr-390.png', fullPage: true });
const c = await session('empresa@excelencia.cv', 'Empresa!2026', 'en', 1280);
const [company] = await (await c.request.get(`${BASE}/app/api/v1/me/companies`)).json();
await c.evaluate((id) => localStorage.setItem('companyID', id), company.id);
await c.goto(`${BASE}/en/company/statistic`);
await c.waitForTimeout(3000);
await c.screenshot({ path: '/tmp/shots/c-stat-en.png', fullPage: false });
await browser.close();
