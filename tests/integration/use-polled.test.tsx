/**
 * The back office's polling hook: a null input polls nothing, and after the call changes (the
 * console switching riders) the previous call's answer is never shown for the new one.
 */
import { renderHook, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { defineContract } from '@/domain/contracts/contract';
import { usePolled } from '@/lib/use-polled';

import { fakeApi, gate } from '../kit/client/fake-api';

const readRider = defineContract({
  method: 'GET',
  path: '/api/:rider',
  summary: 'One rider',
  tag: 'Test',
  access: 'staff',
  params: z.object({ rider: z.string() }),
  responses: { 200: z.object({ from: z.string() }) },
});

describe('usePolled', () => {
  it('polls nothing for a null input and drops the old answer when the call changes', async () => {
    const bAnswers = gate();
    const api = fakeApi().answer(readRider, async ({ params }) => {
      if (params.rider === 'b') await bAnswers.wait();
      return { from: `/api/${params.rider}` };
    });

    const { result, rerender } = renderHook(
      ({ path }: { path: string | null }) =>
        usePolled(readRider, path === null ? null : { params: { rider: path.slice('/api/'.length) } }, 60_000),
      { initialProps: { path: null as string | null } },
    );
    expect(result.current.data).toBeUndefined();
    expect(api.calls).toHaveLength(0);

    rerender({ path: '/api/a' });
    await waitFor(() => expect(result.current.data).toEqual({ from: '/api/a' }));

    rerender({ path: '/api/b' });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(bAnswers.reached).toBe(true));
    bAnswers.open();
    await waitFor(() => expect(result.current.data).toEqual({ from: '/api/b' }));
  });
});
