/**
 * Progress bar with role=progressbar and aria-valuenow/min/max. The value is clamped into [min, max];
 * callers must name it (`label` or `aria-labelledby`) because a bare bar means nothing to a screen reader.
 */
import type { ComponentProps } from 'react';

import { cn } from '@/ui/cn';

export type ProgressTone = 'primary' | 'success' | 'warning' | 'destructive';

const tones: Record<ProgressTone, string> = {
  primary: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning-strong',
  destructive: 'bg-destructive',
};

type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  value: number;
  min?: number;
  max?: number;
  tone?: ProgressTone;
  /** Accessible name; use `aria-labelledby` instead when a visible label exists. */
  label?: string;
  /** Spoken text such as "72% full" when the number alone is ambiguous. */
  valueText?: string;
};

export function Progress({
  value,
  min = 0,
  max = 100,
  tone = 'primary',
  label,
  valueText,
  className,
  ...props
}: ProgressProps) {
  const clamped = Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
  const percent = max > min ? ((clamped - min) / (max - min)) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-valuenow={clamped}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={valueText}
      aria-label={label}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-track', className)}
      {...props}
    >
      <div
        className={cn('h-full rounded-full transition-[width] motion-reduce:transition-none', tones[tone])}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
