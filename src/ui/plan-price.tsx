import type { Plan } from '@/domain/membership-plans';

import { cn } from './cn';

/** A plan's price and its cadence ("$4.99" "/month"), as the pricing and membership pages show it. */
export function PlanPrice({ plan, className }: { plan: Plan; className: string }) {
  return (
    <p className={cn('font-bold', className)}>
      {plan.price}
      {plan.cadence ? <span className="text-base font-medium text-muted-foreground">{plan.cadence}</span> : null}
    </p>
  );
}
