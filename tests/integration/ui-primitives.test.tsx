import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOOLTIP_DELAY_MS } from '@/domain/constants';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { Switch } from '@/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';

afterEach(cleanup);

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Report a problem" description="Tell us what went wrong.">
        <label>
          Description <input />
        </label>
        <Button>Send</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title, takes focus, and closes on Escape returning focus', () => {
    render(<DialogHarness />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Description'));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps Tab inside the dialog', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
  });

  it('closes from its Close button', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Tabs', () => {
  it('shows the selected panel and moves with the arrow keys', () => {
    render(
      <Tabs defaultValue="contribute">
        <TabsList aria-label="Community">
          <TabsTrigger value="contribute">Contribute</TabsTrigger>
          <TabsTrigger value="rewards">Rewards</TabsTrigger>
        </TabsList>
        <TabsContent value="contribute">Count cars</TabsContent>
        <TabsContent value="rewards">Claim rewards</TabsContent>
      </Tabs>,
    );
    const first = screen.getByRole('tab', { name: 'Contribute' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Contribute' }).textContent).toBe('Count cars');

    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Rewards' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Rewards' }));
    expect(screen.getByRole('tabpanel', { name: 'Rewards' }).textContent).toBe('Claim rewards');
    expect(screen.queryByText('Count cars')).toBeNull();
  });
});

describe('Switch', () => {
  it('is a switch that reports and toggles its state', () => {
    function Harness() {
      const [on, setOn] = useState(true);
      return <Switch checked={on} onCheckedChange={setOn} label="Peace of Mind Alerts" />;
    }
    render(<Harness />);
    const control = screen.getByRole('switch', { name: 'Peace of Mind Alerts' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });
});

describe('Progress', () => {
  it('exposes its value and range, clamped', () => {
    render(<Progress value={140} max={100} label="Capacity" />);
    const bar = screen.getByRole('progressbar', { name: 'Capacity' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });
});

describe('Tooltip on icon-only buttons', () => {
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  function renderIconButton(): HTMLElement {
    render(
      <Button size="icon" aria-label="Send">
        <svg aria-hidden="true" />
      </Button>,
    );
    return screen.getByRole('button', { name: 'Send' });
  }

  it('appears 700 ms after a mouse rests on the button, and goes on leave', () => {
    vi.useFakeTimers();
    const button = renderIconButton();
    // A mouse entering the button enters its tooltip's area too, and `pointerenter` does not bubble: the
    // browser sends it to each element entered (testing-library's Preact `fireEvent.pointerEnter` would
    // also name it `PointerEnter` here).
    const area = button.parentElement!;
    fireEvent(area, createEvent.pointerEnter(area, { pointerType: 'mouse' }));
    advance(TOOLTIP_DELAY_MS - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    expect(screen.getByRole('tooltip').textContent).toBe('Send');
    fireEvent(area, createEvent.pointerLeave(area, { pointerType: 'mouse' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('appears for keyboard focus, closes on Escape, and not after a tap', () => {
    vi.useFakeTimers();
    const button = renderIconButton();
    // Keyboard focus: a Tab, then focus arrives (the browser's :focus-visible follows the keyboard).
    fireEvent.keyDown(document, { key: 'Tab' });
    act(() => button.focus());
    advance(TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip').textContent).toBe('Send');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => button.blur());
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    act(() => button.focus());
    advance(TOOLTIP_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('is not added to buttons that show their name', () => {
    vi.useFakeTimers();
    render(<Button>Send</Button>);
    act(() => screen.getByRole('button', { name: 'Send' }).focus());
    advance(TOOLTIP_DELAY_MS);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
