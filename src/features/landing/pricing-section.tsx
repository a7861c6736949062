/**
 * Pricing: the four plans and the feature comparison table (membership §2 "Landing page", §9). The
 * Premium and Ninja plans start their 7-day free trial right here while this browser's rider may
 * still take it (./trial-offers.ts); otherwise (already tried, already a member) they open the app.
 */
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router-dom';

import type { TrialTier } from '@/domain/membership';
import { COMPARISON, NO_PAYMENT_NOTE, PLANS, type Plan } from '@/domain/membership-plans';
import { buttonVariants } from '@/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/ui/cn';
import { OFF_SCREEN_SKIPPED, offScreenEstimate } from '@/ui/off-screen';
import { PlanPrice } from '@/ui/plan-price';

const PLAN_LINKS: Record<Plan['id'], { to: string; text: string }> = {
  free: { to: '/app', text: 'Get started' },
  premium: { to: '/app/membership', text: 'See membership' },
  ninja: { to: '/app/membership', text: 'See membership' },
  contributor: { to: '/app/contributions', text: 'Start contributing' },
};

function PlanLink({ plan }: { plan: Plan }) {
  const link = PLAN_LINKS[plan.id];
  return (
    <Link to={link.to} className={buttonVariants({ variant: plan.highlighted ? 'default' : 'outline' })}>
      {link.text}
    </Link>
  );
}

/**
 * The plan's link, in the slot where ./trial-offers.ts shows the trial's button instead while the
 * trial is on offer (`contents`: the slot itself takes no place in the card's layout).
 */
function PlanTrial({ plan, tier }: { plan: Plan; tier: TrialTier }) {
  return (
    <div className="contents" data-trial-tier={tier} data-trial-variant={plan.highlighted ? 'default' : 'outline'}>
      <PlanLink plan={plan} />
    </div>
  );
}

/**
 * The section's content height on a 412 px phone (inside its py-16 padding): the browser skips it
 * until it nears the viewport (@/ui/off-screen), and this stands for it until first drawn.
 */
const PRICING_ESTIMATE_PX = 1855;

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className={cn('scroll-mt-20 px-6 py-16', OFF_SCREEN_SKIPPED)}
      style={offScreenEstimate(PRICING_ESTIMATE_PX)}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="pricing-heading" className="text-3xl font-bold">
          Pricing
        </h2>
        <p className="mt-2 text-muted-foreground">Start free. Upgrade when the lane gets long.</p>
        <p className="mt-2 text-sm">{NO_PAYMENT_NOTE}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan.id} className="flex">
              <Card
                className={cn('flex w-full flex-col', plan.highlighted && 'border-2 border-primary')}
                aria-labelledby={`plan-${plan.id}`}
              >
                <CardHeader>
                  <CardTitle as="h3" id={`plan-${plan.id}`}>
                    {plan.name}
                  </CardTitle>
                  <PlanPrice plan={plan} className="text-3xl" />
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-4">
                  <ul className="flex flex-1 flex-col gap-2 text-sm">
                    {plan.notes.map((note) => (
                      <li key={note} className="flex gap-2">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        {note}
                      </li>
                    ))}
                  </ul>
                  {plan.id === 'premium' || plan.id === 'ninja' ? (
                    <PlanTrial plan={plan} tier={plan.id} />
                  ) : (
                    <PlanLink plan={plan} />
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>

        {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
        <div role="region" aria-label="Plan comparison" tabIndex={0} className="mt-12 overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse bg-surface text-left text-sm">
            <caption className="mb-3 text-left text-xl font-semibold">Compare plans</caption>
            <thead>
              <tr className="border-b-2 border-border">
                <th scope="col" className="p-3">
                  Feature
                </th>
                {PLANS.map((plan) => (
                  <th key={plan.id} scope="col" className="p-3 text-center">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature} className="border-b border-border">
                  <th scope="row" className="p-3 font-medium">
                    {row.feature}
                  </th>
                  {PLANS.map((plan) => {
                    const included = row.plans.includes(plan.id);
                    return (
                      <td key={plan.id} className="p-3 text-center">
                        {included ? (
                          <Check aria-hidden="true" className="mx-auto size-5 text-success" />
                        ) : (
                          <Minus aria-hidden="true" className="mx-auto size-5 text-muted-foreground" />
                        )}
                        <span className="sr-only">{included ? 'Included' : 'Not included'}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
