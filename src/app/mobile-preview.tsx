/**
 * membership §2: with the landing page disabled, a desktop visitor at the root sees a 'Mobile
 * Preview' containing the phone frame: the real app, at a phone's size, in the middle of the screen.
 * The title is not a heading: the page inside keeps the document's one h1.
 */
import { MobileFrame } from '@/app/mobile-frame';

export function MobilePreview() {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-4 bg-secondary p-6">
      <header>
        <p className="text-2xl font-bold text-secondary-foreground">Mobile Preview</p>
      </header>
      <section
        aria-label="Mobile Preview"
        className="w-[412px] overflow-hidden rounded-[2rem] border-8 border-foreground shadow-2xl"
      >
        <MobileFrame basePath="" preview />
      </section>
    </div>
  );
}
