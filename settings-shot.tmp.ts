import { chromium } from '@playwright/test';
import { startRealFeedServer, realFeedApp } from './tests/e2e/support/real-feed';

const slot = 'weather-risk' as const;
const server = await startRealFeedServer({ slot });
const { baseURL } = realFeedApp(slot);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
try {
  await page.goto(`${baseURL}/app/settings`);
  const quiet = page.getByRole('switch', { name: 'Quiet hours' });
  await quiet.waitFor({ timeout: 60_000 });
  await quiet.click();
  await page.waitForTimeout(1500);
  await page.getByRole('switch', { name: 'Quiet hours' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/settings-quiet.png' });
  console.log((await page.locator('main').innerText()).slice(0, 3000));
} finally {
  await browser.close();
  await server.stop();
}
