import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConnectivityIndicator } from '@/app/connectivity-indicator';
import { META, type ComplaintRow, type DeckhandDB } from '@/data/db';
import { fileComplaint, listComplaints } from '@/domain/contracts/complaints';
import { formatClockLower } from '@/domain/time';
import { ApiError } from '@/lib/api-client';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushOutbox } from '@/sync/flusher';
import { enqueue, saveWithOutbox } from '@/sync/outbox';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { SETTLED } from '../kit/settled';

let database: DeckhandDB;

async function queueComplaint(description: string) {
  const row: ComplaintRow = {
    localId: crypto.randomUUID(),
    category: 'other',
    description,
    createdAt: Date.now(),
    syncState: 'queued',
  };
  await saveWithOutbox(database, database.complaints, row, {
    method: 'POST',
    path: '/api/complaints',
    body: { category: 'other', description },
  });
  return row;
}

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'connected', flushing: false });
});

afterEach(() => {
  cleanup();
});

describe('ConnectivityIndicator', () => {
  it('renders nothing when online with nothing pending', async () => {
    useConnectivityStore.setState({ online: false });
    const { container } = render(<ConnectivityIndicator database={database} />);
    expect(await screen.findByRole('status')).toBeTruthy();

    act(() => useConnectivityStore.setState({ online: true }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('offline without data says so', async () => {
    useConnectivityStore.setState({ online: false });
    render(<ConnectivityIndicator database={database} />);
    expect((await screen.findByRole('status')).textContent).toContain('Offline · no data yet');
  });

  it('offline shows the time of the local ferry data and the changes waiting to send', async () => {
    const fetchedAt = Date.parse('2026-03-02T18:42:00Z');
    await database.meta.put({ key: META.ferriesFetchedAt, value: fetchedAt, updatedAt: fetchedAt });
    await queueComplaint('one');
    await queueComplaint('two');
    useConnectivityStore.setState({ online: false });
    render(<ConnectivityIndicator database={database} />);

    const status = await screen.findByRole('status');
    await vi.waitFor(
      () => expect(status.textContent).toContain(`Offline · data from ${formatClockLower(fetchedAt)}`),
      SETTLED,
    );
    expect(status.textContent).toContain('2 changes waiting to send');
  });

  it('says "Sending N…" while this page flushes', async () => {
    await queueComplaint('one');
    useConnectivityStore.setState({ flushing: true });
    render(<ConnectivityIndicator database={database} />);
    expect(await screen.findByText('Sending 1…')).toBeTruthy();
  });

  it('offers no Retry for a write refused for what it is (400, 422): sending it again cannot succeed', async () => {
    await queueComplaint('too long');
    await flushOutbox({
      database,
      send: vi.fn(async () =>
        Promise.reject(
          new ApiError(422, JSON.stringify({ error: 'not_at_terminal', message: 'Your phone is elsewhere' }), ''),
        ),
      ),
    });
    render(<ConnectivityIndicator database={database} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Why not sent?' }));
    expect(await screen.findByText(/Your phone is elsewhere/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard Complaint' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry Complaint' })).toBeNull();
  });

  it('lists writes the server rejected with the reason, and lets the rider retry or discard them', async () => {
    const rejected = await queueComplaint('rejected');
    const send = vi.fn(async () => {
      throw new ApiError(409, JSON.stringify({ error: 'too_soon', message: 'Description is too long' }), 'Conflict');
    });
    await flushOutbox({ database, send });
    render(<ConnectivityIndicator database={database} />);

    expect(await screen.findByText('1 not sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Why not sent?' }));
    expect(await screen.findByText(/Description is too long/)).toBeTruthy();

    const api = fakeApi()
      .answer(fileComplaint, {
        id: 9,
        category: 'other',
        description: 'rejected',
        status: 'received',
        createdAt: new Date().toISOString(),
      })
      .answer(listComplaints, []);
    fireEvent.click(screen.getByRole('button', { name: 'Retry Complaint' }));
    await vi.waitFor(
      async () => expect(await database.complaints.get(rejected.localId)).toMatchObject({ syncState: 'sent' }),
      SETTLED,
    );
    await vi.waitFor(() => expect(screen.queryByText('1 not sent')).toBeNull(), SETTLED);
    // After a send the page refreshes the rider's complaints from the server.
    await vi.waitFor(() => expect(api.callsTo(listComplaints)).not.toHaveLength(0), SETTLED);
  });

  it('discard removes the rejected write', async () => {
    const rejected = await queueComplaint('rejected');
    await flushOutbox({ database, send: vi.fn(async () => Promise.reject(new ApiError(403, '', 'Forbidden'))) });
    render(<ConnectivityIndicator database={database} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Why not sent?' }));
    expect(await screen.findByText(/403: Forbidden/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard Complaint' }));
    await vi.waitFor(() => expect(screen.queryByText('1 not sent')).toBeNull(), SETTLED);
    expect(await database.complaints.get(rejected.localId)).toBeUndefined();
  });

  it('names a rejected away-mode exit in words, not by its path', async () => {
    await database.transaction('rw', database.outbox, () =>
      enqueue(database, { method: 'DELETE', path: `/api/away-sessions/${crypto.randomUUID()}` }),
    );
    await flushOutbox({ database, send: vi.fn(async () => Promise.reject(new ApiError(403, '', 'Forbidden'))) });
    render(<ConnectivityIndicator database={database} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Why not sent?' }));
    expect(await screen.findByRole('button', { name: 'Retry Away mode exit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard Away mode exit' })).toBeTruthy();
  });

  it.each([
    ['POST', `/api/ninja-booking/requests/${'b'.repeat(8)}-1111-4111-8111-111111111111/cancel`, 'Ninja Booking cancel'],
    ['POST', '/api/membership/trials', 'Free trial'],
    ['POST', '/api/exception-passes', 'Exception pass request'],
    ['POST', '/api/contributions/photo', 'Photo contribution'],
  ] as const)('names a rejected %s %s in words', async (method, path, name) => {
    await database.transaction('rw', database.outbox, () => enqueue(database, { method, path }));
    await flushOutbox({ database, send: vi.fn(async () => Promise.reject(new ApiError(403, '', 'Forbidden'))) });
    render(<ConnectivityIndicator database={database} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Why not sent?' }));
    expect(await screen.findByRole('button', { name: `Retry ${name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Discard ${name}` })).toBeTruthy();
  });
});
