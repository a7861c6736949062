/**
 * Modal dialog on the native <dialog> element, controlled by `open` / `onOpenChange`.
 *
 * Invariants: it is labelled by its title (aria-labelledby) and, when given, described by its
 * description; Esc, the Close button and a click on the backdrop all ask the owner to close
 * (`onOpenChange(false)`) — the dialog never closes itself behind React's back. Tab and Shift+Tab wrap
 * inside the dialog, and focus returns to whatever had it before opening. Where `showModal` is missing
 * (older engines, jsdom) the dialog still opens with the `open` attribute and the same keyboard rules.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

import { cn } from '@/ui/cn';
import { Tooltip } from '@/ui/tooltip';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (confirm / cancel). */
  footer?: ReactNode;
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  className?: string;
  /** Close when the backdrop is clicked (default true). Set false for flows that must be answered. */
  dismissOnBackdrop?: boolean;
};

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel = 'Close',
  className,
  dismissOnBackdrop = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = focusableIn(dialog).find((el) => el.dataset.dialogClose === undefined) ?? focusableIn(dialog)[0];
    (first ?? dialog).focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previouslyFocused?.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusableIn(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    // A click whose target is the <dialog> itself landed on the backdrop: the content sits in an inner div.
    if (dismissOnBackdrop && event.target === ref.current) onOpenChange(false);
  }

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      className={cn(
        'fixed inset-0 m-auto w-[min(92vw,28rem)] max-h-[85vh] overflow-visible rounded-lg bg-transparent p-0 text-foreground',
        'backdrop:bg-black/60 focus-visible:outline-3 focus-visible:outline-focus',
        className,
      )}
    >
      <div className="max-h-[85vh] overflow-y-auto rounded-lg bg-surface p-5 shadow-xl">
        <div className="mb-3 flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          <Tooltip label={closeLabel} align="end">
            <button
              type="button"
              data-dialog-close=""
              aria-label={closeLabel}
              onClick={() => onOpenChange(false)}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-xl text-muted-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-focus"
            >
              <span aria-hidden="true">×</span>
            </button>
          </Tooltip>
        </div>
        {description ? (
          <p id={descriptionId} className="mb-3 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
        {children}
        {footer ? <div className="mt-4 flex flex-wrap justify-end gap-2">{footer}</div> : null}
      </div>
    </dialog>
  );
}
