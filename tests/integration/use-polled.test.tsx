/**
 * The back office's polling hook: a null path polls nothing, and after the path changes (the
 * console switching riders) the previous path's answer is never shown for the new one.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { usePolled } from '@/lib/use-polled';

afterEach(() => vi.unstubAllGlobals());

describe('usePolled', () => {
  it('polls nothing for a null path and drops the old answer when the path changes', async () => {
    let releaseB: (() => void) | undefined;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/b') await new Promise<void>((resolve) => (releaseB = resolve));
      return Response.json({ from: url });
    });
    vi.stubGlobal('fetch', fetchMock);

    const { result, rerender } = renderHook(
      ({ path }: { path: string | null }) => usePolled<{ from: string }>(path, 60_000),
      { initialProps: { path: null as string | null } },
    );
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();

    rerender({ path: '/api/a' });
    await waitFor(() => expect(result.current.data).toEqual({ from: '/api/a' }));

    rerender({ path: '/api/b' });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(releaseB).toBeDefined());
    releaseB!();
    await waitFor(() => expect(result.current.data).toEqual({ from: '/api/b' }));
  });
});
