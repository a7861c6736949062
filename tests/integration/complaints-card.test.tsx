import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { COMPLAINT_TOASTS, QUICK_COMPLAINTS, type Complaint, type ComplaintInput } from '@/domain/complaint';
import { fileComplaint, listComplaints } from '@/domain/contracts/complaints';
import { ComplaintsCard } from '@/features/complaints/complaints-card';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;

/** The server behind the fake API: files complaints and lists them back, or refuses each with `rejectWith`. */
function fakeServer(options: { rejectWith?: { status: number; message: string }; networkDown?: boolean } = {}) {
  const stored: Complaint[] = [];
  const api = fakeApi();
  if (options.networkDown) api.offline();
  api.answer(fileComplaint, ({ body }) => {
    if (options.rejectWith)
      return reply(options.rejectWith.status, { error: 'invalid_body', message: options.rejectWith.message });
    const complaint: Complaint = {
      id: stored.length + 1,
      ...(body as ComplaintInput),
      status: 'received',
      createdAt: new Date().toISOString(),
    };
    stored.unshift(complaint);
    return complaint;
  });
  api.answer(listComplaints, () => stored);
  return { api, posts: () => api.callsTo(fileComplaint) };
}

/** A quick button, then the confirmation's "Send Complaint" (with a note and another terminal when given). */
async function fileQuick(name: string, options: { note?: string; terminal?: string } = {}) {
  fireEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: `Report: ${name}` });
  if (options.terminal) changeValue(within(dialog).getByLabelText('Terminal'), { target: { value: options.terminal } });
  if (options.note) changeValue(within(dialog).getByLabelText('Note (optional)'), { target: { value: options.note } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Complaint' }));
}

function renderEngine() {
  return render(
    <>
      <Toaster />
      <ComplaintsCard database={database} />
    </>,
  );
}

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  toast.dismiss();
  cleanup();
});

describe('ComplaintsCard', () => {
  it('with no complaints says so instead of showing the spec\'s "Resolved" example', async () => {
    const server = fakeServer();
    useConnectivityStore.setState({ online: false });
    renderEngine();
    expect(
      await screen.findByText('No complaints from you yet. Tap a button above to tell the terminal team.'),
    ).toBeTruthy();
    expect(screen.queryByText('(example)')).toBeNull();
    expect(screen.queryByText('Resolved')).toBeNull();

    await fileQuick('Delay');
    expect(await screen.findByText("Queued — sends when you're back online")).toBeTruthy();
    expect(screen.queryByText(/No complaints from you yet/)).toBeNull();
    expect(server.api.calls).toHaveLength(0);
  });

  it('a quick button files nothing until the rider confirms; Cancel files nothing', async () => {
    fakeServer();
    useConnectivityStore.setState({ online: false });
    renderEngine();
    fireEvent.click(await screen.findByRole('button', { name: 'Cleanliness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report: Cleanliness' });
    expect(within(dialog).getByText('Facility cleanliness issues observed')).toBeTruthy();
    expect(await database.complaints.count()).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await database.complaints.count()).toBe(0);
    expect(await database.outbox.count()).toBe(0);
  });

  it("asks for the terminal, the rider's own to start with, and sends it with the note", async () => {
    const server = fakeServer();
    await database.meta.put({ key: META.chosenTerminal, value: 'swartz-bay', updatedAt: Date.now() });
    renderEngine();
    fireEvent.click(await screen.findByRole('button', { name: 'Cleanliness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report: Cleanliness' });
    const terminal = within(dialog).getByLabelText('Terminal') as HTMLSelectElement;
    // The rider's terminal comes from the device store, and may arrive just after the dialog opens.
    await waitFor(() => expect(terminal.selectedOptions[0]!.textContent).toBe('Swartz Bay'));
    expect(Array.from(terminal.options).map((o) => o.textContent)).toEqual([
      'Horseshoe Bay',
      'Tsawwassen',
      'Swartz Bay',
      'Nanaimo Departure Bay',
      'Nanaimo Duke Point',
    ]);
    changeValue(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  Lane 4 washroom has no water  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Complaint' }));

    expect(await screen.findByText(COMPLAINT_TOASTS.success.title)).toBeTruthy();
    expect(server.posts()[0]!.body).toEqual({
      category: 'cleanliness',
      description: 'Facility cleanliness issues observed',
      terminalId: 'swartz-bay',
      note: 'Lane 4 washroom has no water',
    });
    expect(await screen.findByText('Cleanliness · Swartz Bay')).toBeTruthy();
    expect(screen.getByText('Your note: Lane 4 washroom has no water')).toBeTruthy();
  });

  it('offline: a quick button saves the complaint and its outbox row, shows it queued and says so', async () => {
    fakeServer();
    useConnectivityStore.setState({ online: false });
    renderEngine();

    await fileQuick('Cleanliness', { terminal: 'tsawwassen' });

    expect(await screen.findByText(COMPLAINT_TOASTS.queued.description)).toBeTruthy();
    expect(await screen.findByText("Queued — sends when you're back online")).toBeTruthy();
    const [row] = await database.complaints.toArray();
    expect(row).toMatchObject({
      category: 'cleanliness',
      description: 'Facility cleanliness issues observed',
      terminalId: 'tsawwassen',
      syncState: 'queued',
    });
    const [outbox] = await database.outbox.toArray();
    expect(outbox).toMatchObject({
      method: 'POST',
      path: '/api/complaints',
      body: { category: 'cleanliness', description: 'Facility cleanliness issues observed', terminalId: 'tsawwassen' },
      status: 'pending',
      localTable: 'complaints',
      localKey: row!.localId,
    });
  });

  it('online: sends at once with an Idempotency-Key and shows the success toast and the server status', async () => {
    const server = fakeServer();
    renderEngine();

    await fileQuick('Staff');

    expect(await screen.findByText(COMPLAINT_TOASTS.success.title)).toBeTruthy();
    expect(screen.getByText(COMPLAINT_TOASTS.success.description)).toBeTruthy();
    expect(await screen.findByText('Received')).toBeTruthy();
    const staff = QUICK_COMPLAINTS.find((q) => q.category === 'staff')!;
    expect(server.posts()).toHaveLength(1);
    expect(server.posts()[0]!.body).toEqual({
      category: 'staff',
      description: staff.description,
      terminalId: 'horseshoe-bay',
    });
    expect(server.posts()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.complaints.count()).toBe(1);
  });

  it('online but the network fails: the complaint stays queued', async () => {
    fakeServer({ networkDown: true });
    renderEngine();
    await fileQuick('Delay');
    expect(await screen.findByText(COMPLAINT_TOASTS.queued.description)).toBeTruthy();
    expect(await screen.findByText("Queued — sends when you're back online")).toBeTruthy();
    expect(await database.outbox.count()).toBe(1);
  });

  it('a final rejection shows the destructive failure toast and the reason in Recent', async () => {
    fakeServer({ rejectWith: { status: 400, message: 'Description is required' } });
    renderEngine();
    await fileQuick('Delay');

    expect(await screen.findByText(COMPLAINT_TOASTS.failure.description)).toBeTruthy();
    expect(screen.getByText(COMPLAINT_TOASTS.failure.title)).toBeTruthy();
    expect(await screen.findByText('Not sent: Description is required')).toBeTruthy();
  });

  it('the Other dialog needs a category and a non-blank description before it submits', async () => {
    fakeServer();
    useConnectivityStore.setState({ online: false });
    renderEngine();

    fireEvent.click(await screen.findByRole('button', { name: 'Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit a Complaint' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    const category = within(dialog).getByLabelText('Category') as HTMLSelectElement;
    const description = within(dialog).getByLabelText('Description');

    const options = Array.from(category.options);
    expect(options.filter((o) => !o.disabled).map((o) => o.textContent)).toEqual([
      'Delay',
      'Cleanliness',
      'Staff',
      'Other',
    ]);
    expect(options.every((o) => o.value !== '')).toBe(true);
    expect(submit.disabled).toBe(true);

    changeValue(description, { target: { value: 'The ramp light is out' } });
    expect(submit.disabled).toBe(true);

    changeValue(category, { target: { value: 'other' } });
    changeValue(description, { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);

    changeValue(description, { target: { value: '  The ramp light is out  ' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(await screen.findByText('The ramp light is out')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [row] = await database.complaints.toArray();
    expect(row).toMatchObject({ category: 'other', description: 'The ramp light is out', syncState: 'queued' });
    const [outbox] = await database.outbox.toArray();
    expect(outbox!.body).toEqual({
      category: 'other',
      description: 'The ramp light is out',
      terminalId: 'horseshoe-bay',
    });
  });
});
