/**
 * Switch: a button with role=switch and aria-checked. It is controlled (`checked` + `onCheckedChange`).
 * Name it with `label` (visible text beside the track) or `aria-label` / `aria-labelledby`.
 * The whole row is the tap target (at least 44 px tall).
 */
import type { ComponentProps } from 'react';

import { cn } from '@/ui/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'children'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label?: string;
};

export function Switch({ checked, onCheckedChange, label, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'inline-flex min-h-11 items-center gap-3 rounded-md text-left text-foreground',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors motion-reduce:transition-none',
          checked ? 'border-primary bg-primary' : 'border-switch-off bg-switch-off',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </span>
      {label ? <span>{label}</span> : null}
    </button>
  );
}
