import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Providers } from '@/app/providers';
import { TOAST_DURATION_MS } from '@/domain/constants';
import { toast } from '@/lib/toast';

import { SETTLED } from '../kit/settled';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  cleanup();
  vi.useRealTimers();
});

const visibleToasts = () =>
  [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].map((el) => el.textContent);

describe('toasts (rider-core §9)', () => {
  it('shows one toast at a time, the newest, for 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Providers>{null}</Providers>);
    act(() => {
      toast('Added to Cart');
      toast('Order Placed');
    });
    await vi.waitFor(() => expect(visibleToasts()).toEqual(['Order Placed']), SETTLED);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 500);
    });
    expect(visibleToasts()).toEqual(['Order Placed']);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await vi.waitFor(() => expect(visibleToasts()).not.toContain('Order Placed'), SETTLED);
  });

  it('names its region with the F8 hotkey, which moves focus to the toasts', async () => {
    render(<Providers>{null}</Providers>);
    act(() => void toast('Complaint Submitted'));
    const region = await screen.findByRole('region', { name: /F8/ });
    // The Toaster loads after the first screen: the rider presses F8 once the toast is showing.
    await screen.findByText('Complaint Submitted');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await vi.waitFor(() => expect(region.contains(document.activeElement)).toBe(true), SETTLED);
  });

  it('mounts the Toaster only once code that can raise a toast has loaded, and shows a toast raised before it mounted', async () => {
    vi.resetModules();
    const { Providers: FreshProviders } = await import('@/app/providers');
    render(<FreshProviders>{null}</FreshProviders>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // Home's first screen raises no toast and does not download the toast library.
    expect(screen.queryByRole('region', { name: /F8/ })).toBeNull();

    const { toast: freshToast } = await import('@/lib/toast');
    act(() => void freshToast('Saved on this device'));
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    expect(screen.getByRole('region', { name: /F8/ })).toBeTruthy();
    act(() => void freshToast.dismiss());
  });
});
