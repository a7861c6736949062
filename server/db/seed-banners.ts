/**
 * Banners added with the home page's rotating banner strip. The first seed (seed.ts) has three
 * dismissible ones; this one cannot be dismissed because it states a rule riders must not lose sight of.
 * Inserted like every seed: only when missing, never overwriting an administrator's edits.
 */
import type { Db } from './db-handle';
import { banners } from './schema';

export const BOARDING_RULE_BANNER_ROWS: Array<typeof banners.$inferInsert> = [
  {
    id: 'boarding-window',
    title: 'Lanes move before departure',
    message: 'Boarding starts about 40 minutes before each sailing. Be back at your vehicle before then.',
    icon: 'clock',
    backgroundColor: 'blue',
    textColor: 'white',
    dismissible: false,
    actionText: null,
    actionUrl: null,
    sortOrder: 0,
  },
];

export async function seedBoardingRuleBanners(db: Db): Promise<void> {
  await db.insert(banners).values(BOARDING_RULE_BANNER_ROWS).onConflictDoNothing();
}
