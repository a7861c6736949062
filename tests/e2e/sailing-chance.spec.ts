/**
 * The sailing chance on a phone: Next Ferry and the departure calculator show the sailing a car likely
 * makes and the ones either side (Earlier, Estimated, Later), each with its chance in words or
 * "Unknown" with the reason (this server starts with no recorded history: the chance says so rather
 * than show a number); offline, the stored chance with its age. axe passes on the cards.
 */
import { expect, test, type Locator } from '@playwright/test';

import { nextFerryCard, openHome, setOffline, waitForServiceWorkerControl } from './support/app';
import { axeViolations } from './support/axe';

// A 390-px-wide phone.
test.use({ viewport: { width: 390, height: 844 } });

const CHANCE_TEXT = /^(\d+% · (likely|uncertain|unlikely)|0% · check-in closes at .+, before you arrive|Unknown: .+)$/;

async function expectChances(region: Locator) {
  const chances = region.getByRole('region', { name: 'Chance of a place on board' });
  await expect(chances).toBeVisible();
  const estimated = chances.locator('[data-testid="sailing-chance"][data-place="Estimated"]');
  await expect(estimated).toHaveCount(1);
  await expect(estimated).toContainText(/^Estimated\d{1,2}:\d{2} (AM|PM) sailing/);
  const rows = chances.getByTestId('sailing-chance');
  for (const row of await rows.all()) {
    const badge = row.locator('span').last();
    await expect(badge).toHaveText(CHANCE_TEXT);
  }
  return chances;
}

test('the chance of a place on Next Ferry and the calculator, and offline the stored chance with its age', async ({
  page,
  context,
}, testInfo) => {
  // Two axe scans of the whole page on a shared machine.
  test.setTimeout(300_000);
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const card = nextFerryCard(page);
  const onCard = await expectChances(card);
  await expect(onCard.getByTestId('sailing-chances-arrival')).toHaveText('If you arrive now');
  await expect(onCard).toContainText('From the car-deck readings and how similar sailings filled');
  expect(await axeViolations(page)).toEqual([]);
  await card.screenshot({ path: testInfo.outputPath('next-ferry-chance.png') });

  await setOffline(context, page, true);
  await expect(card.getByTestId('sailing-chances-stored')).toHaveText(
    /^Stored chance as of \d{1,2}:\d{2} (am|pm) \((just now|\d+ min ago)\): you are offline$/,
  );
  await expectChances(card);
  await card.screenshot({ path: testInfo.outputPath('next-ferry-chance-offline.png') });
  await setOffline(context, page, false);

  await page.goto('/app/tracker');
  const calc = page.getByRole('region', { name: 'Departure Calculator' });
  await calc.getByLabel('Ferry departure').selectOption({ index: 2 });
  await calc.getByLabel('Your location').fill('North Vancouver');
  await calc.getByRole('button', { name: 'Calculate' }).click();
  const plan = calc.getByTestId('departure-plan');
  const inPlan = await expectChances(plan);
  await expect(inPlan.getByTestId('sailing-chances-arrival')).toHaveText(
    /^If you arrive between \d{1,2}:\d{2} (am|pm) and \d{1,2}:\d{2} (am|pm)$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await calc.screenshot({ path: testInfo.outputPath('calculator-chance.png') });
});
