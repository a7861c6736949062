/**
 * Button primitive. Every size keeps a tap target of at least 44x44 px except `sm` (36 px tall, still
 * above the WCAG 2.2 24x24 minimum). `buttonVariants` gives the same look to links (`<Link>`, `<a>`),
 * so navigation stays a real link instead of a button that navigates. An icon-only button (size `icon`)
 * shows its aria-label as a tooltip (rider-core §9), so every icon says what it does.
 */
import type { ComponentProps } from 'react';

import { buttonVariants, type ButtonSize, type ButtonVariant } from '@/ui/button-variants';
import { Tooltip } from '@/ui/tooltip';

export { buttonVariants };

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  const button = <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
  const label = props['aria-label'];
  return size === 'icon' && label ? <Tooltip label={label}>{button}</Tooltip> : button;
}
