/**
 * Tooltip for icon-only controls (rider-core §9: 700 ms delay). It names what the icon does for
 * sighted users; screen readers already get the control's aria-label, so the tip repeats nothing to
 * them (no aria-describedby: it would read the same words twice).
 *
 * It opens TOOLTIP_DELAY_MS after a mouse rests on the trigger or keyboard focus reaches it, and
 * closes on leave, blur, Escape or a press. A tap on a touch screen does not open it: touch has no
 * hover, and a tip popping up 700 ms after every tap would cover the page; nor does focus a script
 * moved after a click (the browser's :focus-visible tells keyboard focus apart).
 *
 * A tip that would stick out of its boundary (the nearest `[data-tooltip-boundary]`, e.g. the phone
 * frame, which clips its content; else the page) is shifted back inside it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

import { TOOLTIP_DELAY_MS } from '@/domain/constants';
import { cn } from '@/ui/cn';

interface TooltipProps {
  label: string;
  children: ReactNode;
  /** Which edge of the trigger the tip lines up with; `end` keeps tips of right-hand icons on screen. */
  align?: 'center' | 'start' | 'end';
  side?: 'top' | 'bottom';
}

const ALIGN = { center: 'left-1/2 -translate-x-1/2', start: 'left-0', end: 'right-0' } as const;
/** Gap kept between a shifted tip and its boundary's edge, px. */
const EDGE_GAP_PX = 4;

/**
 * Whether focus on `element` is the keyboard's: the browser's own :focus-visible says so. Focus a
 * script moves after a click or a tap (a dialog focusing its Close button as it opens) is not, and
 * gets no tip covering the dialog's first line.
 */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function Tooltip({ label, children, align = 'center', side = 'bottom' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Focus that follows a press is not keyboard focus: no tip for it.
  const pressed = useRef(false);
  const tip = useRef<HTMLSpanElement>(null);

  const clear = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const showSoon = () => {
    clear();
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clear();
    setOpen(false);
  };

  useEffect(() => clear, []);
  useLayoutEffect(() => {
    const node = tip.current;
    if (!open || !node) return;
    const bounds = (node.closest('[data-tooltip-boundary]') ?? document.documentElement).getBoundingClientRect();
    const rect = node.getBoundingClientRect();
    let shift = 0;
    if (rect.right > bounds.right - EDGE_GAP_PX) shift = bounds.right - EDGE_GAP_PX - rect.right;
    if (rect.left + shift < bounds.left + EDGE_GAP_PX) shift = bounds.left + EDGE_GAP_PX - rect.left;
    node.style.marginLeft = `${shift}px`;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    // Escape only closes the tip; the pending timer is already spent while it is open.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') showSoon();
      }}
      onPointerLeave={hide}
      onPointerDown={() => {
        pressed.current = true;
        hide();
      }}
      onFocus={(event) => {
        if (!pressed.current && focusVisible(event.target)) showSoon();
      }}
      onBlur={() => {
        pressed.current = false;
        hide();
      }}
    >
      {children}
      {open ? (
        <span
          ref={tip}
          role="tooltip"
          className={cn(
            'pointer-events-none absolute z-50 rounded-md bg-foreground px-2 py-1 text-xs font-medium whitespace-nowrap text-background shadow-md',
            side === 'bottom' ? 'top-full mt-1' : 'bottom-full mb-1',
            ALIGN[align],
          )}
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
