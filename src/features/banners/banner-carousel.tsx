/**
 * Sticky rotating banners at the top of home (rider-core §2, §3 Banner, §4, §9): the cached
 * GET /api/banners list minus those dismissed on this device (META.dismissedBanners). Several banners
 * rotate every 5 s, with one dot per banner to choose it; rotation pauses while the pointer or focus
 * is on the carousel (WCAG 2.2.2), so a rider can read and act. A dismissible banner fades out over
 * 300 ms, then its id is remembered and it never comes back on this device. Icon, colours (defaults
 * blue / white, made readable at 4.5:1 by src/domain/banner.ts) and the action link come from the
 * banner. Compact on purpose: it stays stuck to the top while the rider scrolls, so it takes two
 * lines of text at most (title and message run together, clamped; the action beside them), not a fifth
 * of the screen. The strip is in /app's HTML when the server rendered it with its banners; its buttons
 * are disabled there until the app runs (src/ui/use-app-running.ts).
 */
import { Clock, Heart, Info, Navigation, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type CSSProperties } from 'react';

import { useStoredBanners } from '@/data/banners';
import { db as defaultDatabase, META, type BannerRow, type DeckhandDB } from '@/data/db';
import {
  BANNER_FADE_MS,
  BANNER_ROTATION_MS,
  bannerColors,
  bannerIcon,
  nextBannerIndex,
  type BannerIcon,
} from '@/domain/banner';
import { cn } from '@/ui/cn';
import { Tooltip } from '@/ui/tooltip';
import { useAppRunning } from '@/ui/use-app-running';

/**
 * The strip's height in CSS px at phone width (412 px): a two-line slide (slides are clamped to two
 * lines) with the dots, as measured on the seeded banners. The strip keeps at least this height while
 * its list is not yet known and while slides of different lengths rotate, so the page below never
 * jumps (CLS).
 */
const BANNER_CAROUSEL_MIN_HEIGHT_PX = 88;

const ICONS: Record<BannerIcon, LucideIcon> = {
  'alert-triangle': TriangleAlert,
  info: Info,
  heart: Heart,
  navigation: Navigation,
  clock: Clock,
};

async function rememberDismissed(database: DeckhandDB, id: string): Promise<void> {
  await database.transaction('rw', database.meta, async () => {
    const row = await database.meta.get(META.dismissedBanners);
    const dismissed = Array.isArray(row?.value) ? (row.value as string[]) : [];
    const now = Date.now();
    if (!dismissed.includes(id))
      await database.meta.put({ key: META.dismissedBanners, value: [...dismissed, id], updatedAt: now });
  });
}

export function BannerCarousel({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const local = useStoredBanners(database);
  const running = useAppRunning();
  const banners = local?.banners;
  const [chosen, setChosen] = useState(0);
  const [paused, setPaused] = useState(false);
  const [fading, setFading] = useState<string | null>(null);
  const count = banners?.length ?? 0;
  const index = count > 0 ? chosen % count : 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(
      () => setChosen((current) => nextBannerIndex(current % count, count)),
      BANNER_ROTATION_MS,
    );
    return () => clearInterval(timer);
  }, [count, paused]);

  useEffect(() => {
    if (!fading) return;
    const timer = setTimeout(() => {
      void rememberDismissed(database, fading).finally(() => setFading(null));
    }, BANNER_FADE_MS);
    return () => clearTimeout(timer);
  }, [fading, database]);

  // Until the first pull the room stays reserved, so the page does not jump when the banners arrive.
  if (!banners || !local.pulled)
    return <div aria-hidden="true" className="-mt-4" style={{ minHeight: BANNER_CAROUSEL_MIN_HEIGHT_PX }} />;
  if (count === 0) return null;
  const banner = banners[index]!;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Announcements"
      className="sticky top-0 z-20 -mx-4 -mt-4 bg-background px-4 pt-2"
      style={{ minHeight: BANNER_CAROUSEL_MIN_HEIGHT_PX }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <BannerSlide
        banner={banner}
        position={`${index + 1} of ${count}`}
        fading={fading === banner.id}
        running={running}
        onDismiss={() => setFading(banner.id)}
      />
      {count > 1 ? (
        <div className="flex h-6 justify-center gap-1">
          {banners.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Show banner ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setChosen(i)}
              disabled={!running}
              className="inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-focus"
            >
              <span
                aria-hidden="true"
                className={cn('size-2.5 rounded-full', i === index ? 'bg-primary' : 'bg-switch-off')}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function BannerSlide({
  banner,
  position,
  fading,
  running,
  onDismiss,
}: {
  banner: BannerRow;
  position: string;
  fading: boolean;
  /** false in the HTML: a press there would do nothing, so the buttons wait for the app. */
  running: boolean;
  onDismiss: () => void;
}) {
  const colors = bannerColors(banner);
  const Icon = ICONS[bannerIcon(banner.icon)];
  const style: CSSProperties = {
    backgroundColor: colors.background,
    color: colors.text,
    transitionDuration: `${BANNER_FADE_MS}ms`,
  };
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={position}
      data-testid="banner"
      style={style}
      className={cn(
        'flex items-start gap-2 rounded-lg px-3 py-2 text-sm shadow-sm transition-opacity',
        fading ? 'opacity-0' : 'opacity-100',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="line-clamp-2 min-w-0 flex-1 leading-5">
        <span className="font-semibold">{/[.?!]$/.test(banner.title) ? banner.title : `${banner.title}.`}</span>{' '}
        {banner.message}
      </p>
      {banner.actionText && banner.actionUrl ? (
        <a
          href={banner.actionUrl}
          className="inline-flex min-h-6 shrink-0 items-center font-semibold underline"
          style={{ color: colors.text }}
        >
          {banner.actionText}
        </a>
      ) : null}
      {banner.dismissible ? (
        <Tooltip label="Dismiss" align="end">
          <button
            type="button"
            aria-label={`Dismiss banner: ${banner.title}`}
            onClick={onDismiss}
            disabled={fading || !running}
            className="-my-1 -mr-2 inline-flex size-7 shrink-0 items-center justify-center rounded-md focus-visible:outline-3 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}
