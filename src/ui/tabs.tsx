/**
 * Tabs following the WAI-ARIA tabs pattern: a tablist of tabs, each controlling one tabpanel.
 * Roving tabindex (only the selected tab is in the Tab order); ArrowLeft/ArrowRight/Home/End move and
 * select (automatic activation). Works controlled (`value` + `onValueChange`) or uncontrolled
 * (`defaultValue`). Panels of unselected tabs are not rendered, so only the selected tab carries
 * aria-controls (it must point at an element that exists).
 */
import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';

import { cn } from '@/ui/cn';

type TabsState = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(component: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${component}> must be inside <Tabs>`);
  return state;
}

/** Ids are derived from the tab value; values are app-chosen identifiers, so spaces are the only risk. */
function idFor(baseId: string, kind: 'tab' | 'panel', value: string): string {
  return `${baseId}-${kind}-${value.replace(/\s+/g, '-')}`;
}

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue = '', onValueChange, className, ...props }: TabsProps) {
  const [internal, setInternal] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? internal;
  const select = (next: string) => {
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div className={cn('flex flex-col gap-3', className)} {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs('TabsList');

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'));
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0 || tabs.length === 0) return;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    target.focus();
    const targetValue = target.dataset.value;
    if (targetValue !== undefined) select(targetValue);
  }

  return (
    <div
      role="tablist"
      onKeyDown={handleKeyDown}
      className={cn('inline-flex flex-wrap gap-1 rounded-lg bg-secondary p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, 'tab', value)}
      aria-selected={selected}
      aria-controls={selected ? idFor(tabs.baseId, 'panel', value) : undefined}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      className={cn(
        'min-h-11 flex-1 rounded-md px-3 py-2 text-sm font-medium',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus',
        selected ? 'bg-surface text-primary shadow-sm' : 'text-secondary-foreground hover:bg-secondary-hover',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, 'panel', value)}
      aria-labelledby={idFor(tabs.baseId, 'tab', value)}
      tabIndex={0}
      className={cn('focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus', className)}
      {...props}
    />
  );
}
