/**
 * Card primitives. CardTitle renders an h2 by default (pages own the single h1); pass `as` to fit the
 * heading level of the surrounding page.
 */
import type { ComponentProps } from 'react';

import { cn } from '@/ui/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-lg border border-border bg-surface text-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-4 pb-2', className)} {...props} />;
}

type HeadingLevel = 'h2' | 'h3' | 'h4';

export function CardTitle({ as: Tag = 'h2', className, ...props }: ComponentProps<'h2'> & { as?: HeadingLevel }) {
  return <Tag className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-4 pt-2', className)} {...props} />;
}
