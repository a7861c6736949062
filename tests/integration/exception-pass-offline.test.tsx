/**
 * An exception-pass request made offline says it is queued — never "Submitted… being reviewed"
 * before anything is sent — and "Exception Pass Submitted" shows once the server has it.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { requestPass } from '@/domain/contracts/exception-passes';
import { PASS_TEXT } from '@/domain/exception-pass';
import { ExceptionPassPage } from '@/features/exception-pass/exception-pass-page';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushNow } from '@/sync/flush-now';

import { fakeApi, type FakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;
let api: FakeApi;
/** The pass requests the server received. */
const posted = () => api.callsTo(requestPass).map((c) => c.body);

beforeEach(async () => {
  database = freshDatabase();
  await database.meta.put({
    key: META.userProfile,
    value: { username: 'rider-5', membershipType: 'premium' },
    updatedAt: 1,
  });
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  api = fakeApi().answer(requestPass, ({ body }) => {
    const input = body as {
      passType: 'medical';
      description: string;
      route: 'tsawwassen-swartz';
      departureTime: string;
    };
    const created = {
      status: 'pending' as const,
      reason: null,
      qrCode: 'data:image/png;base64,AA',
      createdAt: new Date().toISOString(),
    };
    return { id: 1, ...input, ...created, validFrom: input.departureTime, validUntil: input.departureTime };
  });
});

afterEach(() => {
  toast.dismiss();
  cleanup();
});

describe('exception pass offline', () => {
  it('says queued while offline, and "Submitted" only once the server has the request', async () => {
    render(
      <MemoryRouter>
        <Toaster />
        <ExceptionPassPage database={database} />
      </MemoryRouter>,
    );
    changeValue(await screen.findByLabelText('Pass type'), { target: { value: 'medical' } });
    changeValue(screen.getByLabelText('Route'), { target: { value: 'horseshoe-departure' } });
    changeValue(screen.getByLabelText('Departure time'), { target: { value: '2026-07-15T10:30' } });
    changeValue(screen.getByLabelText('Description'), { target: { value: 'Hospital appointment' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(PASS_TEXT.queuedTitle)).toBeTruthy();
    expect(screen.queryByText(PASS_TEXT.submittedTitle)).toBeNull();
    expect(posted()).toEqual([]);

    useConnectivityStore.setState({ online: true });
    await flushNow(database);
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(await screen.findByText(PASS_TEXT.submittedTitle)).toBeTruthy();
  });
});
