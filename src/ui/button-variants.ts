/**
 * The buttons' look (rider-core §9), as class names: `buttonVariants` gives the same look to links
 * (`<Link>`, `<a>`) and to the buttons the landing page draws without React. Every size keeps a tap
 * target of at least 44x44 px except `sm` (36 px tall, still above the WCAG 2.2 24x24 minimum).
 */
import { cn } from '@/ui/cn';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'ghost';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
  outline: 'border border-primary bg-surface text-primary hover:bg-secondary',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
  ghost: 'bg-transparent text-foreground hover:bg-secondary',
};

const sizes: Record<ButtonSize, string> = {
  default: 'min-h-11 px-4 py-2 text-base',
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  lg: 'min-h-12 px-6 py-3 text-lg',
  icon: 'size-11 p-0',
};

export function buttonVariants(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  const { variant = 'default', size = 'default', className } = options;
  return cn(base, variants[variant], sizes[size], className);
}
