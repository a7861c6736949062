import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { listStaffRewardClaims, moveStaffRewardClaim } from '@/domain/contracts/staff-reward-claims';
import type { StaffRewardClaim } from '@/domain/contributions';
import { RewardClaimQueue } from '@/features/staff/reward-claim-queue';

import { fakeApi, reply } from '../kit/client/fake-api';

afterEach(() => cleanup());

const claim = (id: number, status: StaffRewardClaim['status']): StaffRewardClaim => ({
  id,
  rider: `rider-${id}`,
  reward: 'Deckhand Mug',
  status,
  pointsSpent: 500,
  claimedAt: '2026-11-20T18:00:00.000Z',
});

function renderQueue() {
  return render(
    <>
      <RewardClaimQueue />
      <Toaster />
    </>,
  );
}

describe('the staff reward claims queue', () => {
  it('lists the claims newest first and moves one a step on with the next status', async () => {
    const claims = [claim(2, 'pending'), claim(1, 'approved')];
    const api = fakeApi()
      .answer(listStaffRewardClaims, () => ({ items: claims, nextCursor: null }))
      .answer(moveStaffRewardClaim, ({ params, body }) => {
        const moved = claims.find((c) => c.id === Number(params.id))!;
        moved.status = (body as { status: StaffRewardClaim['status'] }).status;
        return moved;
      });
    renderQueue();
    const pending = await screen.findByRole('listitem', { name: 'Reward claim 2' });
    expect(within(pending).getByText(/rider-2 · .+ · 500 points/)).toBeTruthy();
    expect(api.callsTo(listStaffRewardClaims)[0]!.query.get('order')).toBe('newest');

    fireEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Claim 2: Approved')).toBeTruthy();
    const [move] = api.callsTo(moveStaffRewardClaim);
    expect(move).toMatchObject({ path: '/api/staff/reward-claims/2', body: { status: 'approved' } });
    expect(move!.idempotencyKey).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Reward claim 2' })).getByRole('button', { name: 'Mark Shipped' }),
      ).toBeTruthy(),
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Reward claim 1' })).getByRole('button', { name: 'Mark Shipped' }),
    ).toBeTruthy();
  });

  it("says why a move was refused, in the server's words", async () => {
    fakeApi()
      .answer(listStaffRewardClaims, { items: [claim(3, 'pending')], nextCursor: null })
      .answer(
        moveStaffRewardClaim,
        reply(409, { error: 'not_next_status', message: 'Reward claim 3 was just moved by someone else' }),
      );
    renderQueue();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Reward claim 3' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText('Could not update the reward claim')).toBeTruthy();
    expect(await screen.findByText('Reward claim 3 was just moved by someone else')).toBeTruthy();
  });
});
