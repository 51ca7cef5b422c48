import { expect } from '@playwright/test';
import { axeViolations, expectNoSideScroll, t, test } from './support.ts';

test("an admin copies an edition and switches one of the copy's reminders off, in en at 390 px", async ({
  openAs,
}) => {
  const page = await openAs('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/admin/diagnosis-config');

  // The newest edition, copied to next year: the copy opens in the drawer with its automatic mail.
  const newest = page.getByTestId('edition-row').first();
  await newest.getByTestId('edition-copy').click();
  const drawer = page.getByRole('dialog');
  const schedule = drawer.getByRole('region', { name: t('en', 'automationsWeb:schedule.title') });
  await expect(schedule.getByTestId('automation')).toHaveCount(7);
  const item = schedule.locator('[data-testid="automation"][data-kind="registrationCloses7d"]');
  await expect(item.getByTestId('automation-state')).toHaveText(t('en', 'automationsWeb:states.scheduled'));

  // Switched off from the keyboard: the switch takes the focus, Space turns it off, the state follows.
  const control = item.getByRole('switch', {
    name: t('en', 'automationsWeb:schedule.switchLabel', {
      kind: t('en', 'automationsWeb:kinds.registrationCloses7d'),
    }),
  });
  await control.focus();
  await page.keyboard.press('Space');
  await expect(item.getByTestId('automation-state')).toHaveText(t('en', 'automationsWeb:states.disabled'));
  await expect(control).not.toBeChecked();
  // The results mail has no switch.
  const results = schedule.locator('[data-testid="automation"][data-kind="resultsPublished"]');
  await expect(results.getByRole('switch')).toHaveCount(0);

  // Nothing wider than the phone, and nothing serious axe finds in the drawer, the schedule with the edition form.
  await expectNoSideScroll(page);
  expect(await axeViolations(page, 'serious')).toEqual([]);
});
