/**
 * The desktop landing page (membership §2 "Landing page"): section anchors and an "Open App" link,
 * a rotating feature card, features, how it works, four pricing plans with a comparison table, an
 * FAQ, the 98% queue accuracy claim (saying what it is measured on, linked to how each position's
 * accuracy is computed) and a section for phones. Its navigation is labelled "Page
 * sections", not "Main": the app's main navigation is the frame's bottom bar.
 *
 * /landing itself is this page's HTML (the build renders it) with a script of its own and no React
 * (src/landing-main.ts); a desktop visitor at the root gets it from the app, drawn by this component.
 */
import { Smartphone, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { PRODUCT_NAME } from '@/domain/constants';
import { startBrochure } from '@/features/landing/brochure';
import { FeatureRotator } from '@/features/landing/feature-rotator';
import {
  ACCURACY_CLAIM,
  ACCURACY_MEASURED_ON,
  ACCURACY_STEPS,
  FAQ,
  FEATURES,
  LANDING_TITLE,
  STEPS,
} from '@/features/landing/landing-content';
import { PricingSection } from '@/features/landing/pricing-section';
import { buttonVariants } from '@/ui/button-variants';
import { cn } from '@/ui/cn';
import { OFF_SCREEN_SKIPPED, offScreenEstimate } from '@/ui/off-screen';
import { useDocumentTitle } from '@/ui/use-document-title';

/**
 * The sections below the first screen are skipped by the browser until they near the viewport
 * (@/ui/off-screen): the first layout on a slow phone covers the header and the opening section
 * only. Their content heights on a 412 px phone (inside the py-16 padding) stand for them until
 * each is first drawn.
 */
const BELOW_FOLD_PX = { features: 1000, howItWorks: 756, accuracy: 700, faq: 380, mobile: 340 } as const;

const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'mobile', label: 'Mobile' },
];

export function LandingPage() {
  useDocumentTitle(LANDING_TITLE, { exact: true });
  // What moves on the page runs without React, as on /landing's own HTML (./brochure.ts).
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => (page.current ? startBrochure(page.current) : undefined), []);
  return (
    <div ref={page} className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-surface px-3 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {/* Sticky from a tablet's width on, where it is one row: on a phone its links wrap to three
          rows, a quarter of the screen, and a section reached by its anchor would start under it. */}
      <header className="z-20 border-b border-border bg-surface md:sticky md:top-0">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-6 py-3">
          <Link to="/landing" className="text-xl font-bold text-primary">
            {PRODUCT_NAME}
          </Link>
          <nav aria-label="Page sections">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-11 items-center rounded-md px-3 font-medium text-foreground hover:bg-secondary"
                  >
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/app" className={buttonVariants()}>
            Open App
          </Link>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <section className="bg-primary px-6 py-16 text-primary-foreground">
          <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
            <div>
              <h1 className="text-4xl leading-tight font-bold md:text-5xl">Know your place in the ferry line</h1>
              <p className="mt-4 text-lg">
                {PRODUCT_NAME} shows the next sailing, how full it is and where your car stands in the lane, so you can
                step away for a coffee and be back in time.
              </p>
              <div className="mt-6 inline-block max-w-md rounded-lg bg-surface px-4 py-2 text-foreground">
                <p className="text-lg font-bold text-primary">{ACCURACY_CLAIM}</p>
                <p className="text-sm">
                  {ACCURACY_MEASURED_ON}{' '}
                  <a href="#accuracy" className="font-semibold text-primary underline">
                    How position accuracy is computed
                  </a>
                </p>
              </div>
            </div>
            <FeatureRotator />
          </div>
        </section>

        <section
          id="features"
          aria-labelledby="features-heading"
          className={cn('scroll-mt-20 px-6 py-16', OFF_SCREEN_SKIPPED)}
          style={offScreenEstimate(BELOW_FOLD_PX.features)}
        >
          <div className="mx-auto max-w-6xl">
            <h2 id="features-heading" className="text-3xl font-bold">
              Features
            </h2>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => (
                <li key={feature.name} className="rounded-lg border border-border bg-surface p-5">
                  <h3 className="text-lg font-semibold">{feature.name}</h3>
                  <p className="mt-2 text-muted-foreground">{feature.summary}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          id="how-it-works"
          aria-labelledby="how-heading"
          className={cn('scroll-mt-20 bg-secondary px-6 py-16 text-secondary-foreground', OFF_SCREEN_SKIPPED)}
          style={offScreenEstimate(BELOW_FOLD_PX.howItWorks)}
        >
          <div className="mx-auto max-w-6xl">
            <h2 id="how-heading" className="text-3xl font-bold">
              How it works
            </h2>
            <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, i) => (
                <li key={step.title} className="rounded-lg bg-surface p-5 text-foreground">
                  <p className="text-sm font-semibold text-primary">Step {i + 1}</p>
                  <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-muted-foreground">{step.detail}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section
          id="accuracy"
          aria-labelledby="accuracy-heading"
          className={cn('scroll-mt-20 px-6 py-16', OFF_SCREEN_SKIPPED)}
          style={offScreenEstimate(BELOW_FOLD_PX.accuracy)}
        >
          <div className="mx-auto max-w-3xl">
            <h2 id="accuracy-heading" className="text-3xl font-bold">
              How position accuracy is computed
            </h2>
            <p className="mt-2 text-muted-foreground">{ACCURACY_MEASURED_ON}</p>
            <ol className="mt-6 flex list-decimal flex-col gap-2 pl-6">
              {ACCURACY_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        </section>

        <PricingSection />

        <section
          aria-labelledby="faq-heading"
          className={cn('bg-secondary px-6 py-16 text-secondary-foreground', OFF_SCREEN_SKIPPED)}
          style={offScreenEstimate(BELOW_FOLD_PX.faq)}
        >
          <div className="mx-auto max-w-3xl">
            <h2 id="faq-heading" className="text-3xl font-bold">
              Frequently asked questions
            </h2>
            <div className="mt-6 flex flex-col gap-3">
              {FAQ.map((item) => (
                <details key={item.question} className="rounded-lg bg-surface p-4 text-foreground">
                  <summary className="min-h-6 cursor-pointer font-semibold">{item.question}</summary>
                  <p className="mt-2 text-muted-foreground">{item.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <section
          id="mobile"
          aria-labelledby="mobile-heading"
          className={cn('scroll-mt-20 px-6 py-16', OFF_SCREEN_SKIPPED)}
          style={offScreenEstimate(BELOW_FOLD_PX.mobile)}
        >
          <div className="mx-auto grid max-w-6xl gap-6 md:grid-cols-2">
            <div>
              <h2 id="mobile-heading" className="text-3xl font-bold">
                Made for the phone in your cup holder
              </h2>
              <p className="mt-4 text-muted-foreground">
                Visit {PRODUCT_NAME} on your phone and it opens straight into the app. Add it to your home screen and it
                launches like any other app.
              </p>
            </div>
            <ul className="flex flex-col gap-4">
              <li className="flex gap-3 rounded-lg border border-border bg-surface p-4">
                <Smartphone aria-hidden="true" className="size-6 shrink-0 text-primary" />
                <span>Installable: no app store needed.</span>
              </li>
              <li className="flex gap-3 rounded-lg border border-border bg-surface p-4">
                <WifiOff aria-hidden="true" className="size-6 shrink-0 text-primary" />
                <span>Keeps working when the terminal’s signal drops.</span>
              </li>
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-border bg-surface px-6 py-8">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 text-sm text-muted-foreground">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/site-tree" className="inline-flex min-h-6 items-center underline underline-offset-4">
                Site map
              </Link>
            </li>
            <li>
              <Link to="/admin/login" className="inline-flex min-h-6 items-center underline underline-offset-4">
                Staff and admin sign-in
              </Link>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  );
}
