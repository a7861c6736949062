/**
 * The back office's polling hook: a null input polls nothing, and after the call changes (the
 * console switching riders) the previous call's answer is never shown for the new one.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { defineContract } from '@/domain/contracts/contract';
import { usePolled } from '@/lib/use-polled';

const readRider = defineContract({
  method: 'GET',
  path: '/api/:rider',
  summary: 'One rider',
  tag: 'Test',
  access: 'staff',
  params: z.object({ rider: z.string() }),
  responses: { 200: z.object({ from: z.string() }) },
});

afterEach(() => vi.unstubAllGlobals());

describe('usePolled', () => {
  it('polls nothing for a null input and drops the old answer when the call changes', async () => {
    let releaseB: (() => void) | undefined;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/b') await new Promise<void>((resolve) => (releaseB = resolve));
      return Response.json({ from: url });
    });
    vi.stubGlobal('fetch', fetchMock);

    const { result, rerender } = renderHook(
      ({ path }: { path: string | null }) =>
        usePolled(readRider, path === null ? null : { params: { rider: path.slice('/api/'.length) } }, 60_000),
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
