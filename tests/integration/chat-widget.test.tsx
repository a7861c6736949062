import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import {
  CHAT_FAILURE_MESSAGE,
  CHAT_OFFLINE_PREFIX,
  CHAT_OFFLINE_PREFIX_FARES,
  CHAT_SUGGESTIONS,
  CHAT_WELCOME_MESSAGE,
  chatSuggestions,
  type ChatResponse,
} from '@/domain/chat';
import { askChat } from '@/domain/contracts/ai-chat';
import { listFaq, listFares } from '@/domain/contracts/reference';
import { ChatWidget } from '@/features/chat/chat-widget';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { LANGDALE_FARE } from '../fixtures/served-fares';
import { fakeApi, gate, reply, type FakeReply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;

const FAQ = [
  {
    id: 'pets-onboard',
    category: 'Pets',
    question: 'Where can my pet travel?',
    answer:
      'Pets may stay in your vehicle on the car deck or travel in the designated pet area. Dogs must be on a leash.',
  },
  {
    id: 'wifi-onboard',
    category: 'Onboard',
    question: 'Is there Wi-Fi on the ferry?',
    answer: 'Most larger vessels offer free Wi-Fi.',
  },
];

const FARES = [LANGDALE_FARE];

/** The server: GET /api/faq and /api/fares, and POST /api/ai/chat answered by `respond`. */
function fakeServer(respond: (query: string) => ChatResponse | FakeReply | Promise<ChatResponse>) {
  const api = fakeApi()
    .answer(listFaq, FAQ)
    .answer(listFares, FARES)
    .answer(askChat, ({ body }) => respond((body as { query: string }).query));
  const bodies = () => api.callsTo(askChat).map((c) => c.body);
  return { queries: () => bodies().map((b) => (b as { query: string }).query), bodies };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByLabelText('Your question');
const sendButton = () => screen.getByRole('button', { name: 'Send' });

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  cleanup();
});

describe('ChatWidget', () => {
  it('starts with the welcome message and suggestions, which go once a question is asked', async () => {
    const server = fakeServer(() => ({
      response: 'Next sailings from Horseshoe Bay: …',
      confidence: 0.95,
      sources: ['Live feed: next sailings from Horseshoe Bay'],
    }));
    render(<ChatWidget database={database} />);
    expect(within(log()).getByText(CHAT_WELCOME_MESSAGE)).toBeTruthy();
    const suggestions = screen.getByRole('list', { name: 'Suggested questions' });
    // No terminal known yet: the sailing and wait suggestions ask about Horseshoe Bay, the default.
    await waitFor(() =>
      expect(
        within(suggestions)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(chatSuggestions('Horseshoe Bay')),
    );

    fireEvent.click(within(suggestions).getByRole('button', { name: CHAT_SUGGESTIONS[0] }));
    expect(await within(log()).findByText('Next sailings from Horseshoe Bay: …')).toBeTruthy();
    expect(server.queries()).toEqual([CHAT_SUGGESTIONS[0]]);
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).toBeNull();
    expect(within(log()).getByText('High confidence')).toBeTruthy();
    expect(within(log()).getByText('Sources: Live feed: next sailings from Horseshoe Bay')).toBeTruthy();
  });

  it('never sends a blank question', () => {
    const server = fakeServer(() => ({ response: 'x', confidence: 1, sources: [] }));
    render(<ChatWidget database={database} />);
    expect(sendButton()).toHaveProperty('disabled', true);
    changeValue(input(), { target: { value: '   ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.submit(input().closest('form')!);
    expect(server.queries()).toEqual([]);
  });

  it('does not send while an answer is pending', async () => {
    const pending = gate();
    const server = fakeServer(async () => {
      await pending.wait();
      return {
        response: 'Pets may stay in your vehicle.',
        confidence: 0.68,
        sources: ['FAQ: Where can my pet travel?'],
      };
    });
    render(<ChatWidget database={database} />);
    changeValue(input(), { target: { value: 'Can I bring my dog?' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.queries()).toHaveLength(1));
    changeValue(input(), { target: { value: 'And my cat?' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.submit(input().closest('form')!);
    expect(server.queries()).toHaveLength(1);
    pending.open();
    expect(await within(log()).findByText('Pets may stay in your vehicle.')).toBeTruthy();
    expect(within(log()).getByText('Moderate confidence')).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it.each([
    [0.8, 'High confidence'],
    [0.79, 'Moderate confidence'],
    [0.6, 'Moderate confidence'],
    [0.59, 'Low confidence'],
    [0, 'No confidence'],
  ])('shows confidence %s as "%s"', async (confidence, label) => {
    fakeServer(() => ({ response: 'An answer', confidence, sources: [] }));
    render(<ChatWidget database={database} />);
    changeValue(input(), { target: { value: 'Question' } });
    fireEvent.click(sendButton());
    expect(await within(log()).findByText(label)).toBeTruthy();
  });

  it("shows the spec's failure message with no confidence when the server fails", async () => {
    fakeServer(() => reply(500, { error: 'internal', message: 'boom' }));
    render(<ChatWidget database={database} />);
    changeValue(input(), { target: { value: 'When is the next sailing?' } });
    fireEvent.click(sendButton());
    expect(await within(log()).findByText(CHAT_FAILURE_MESSAGE)).toBeTruthy();
    expect(within(log()).getByText('No confidence')).toBeTruthy();
  });

  it('offline, answers from the cached FAQ on the device and says it is offline', async () => {
    const server = fakeServer(() => ({ response: 'server', confidence: 1, sources: [] }));
    await database.faq.bulkPut(FAQ);
    useConnectivityStore.setState({ online: false });
    render(<ChatWidget database={database} />);
    changeValue(input(), { target: { value: 'Can I bring my dog?' } });
    fireEvent.click(sendButton());
    const reply = await within(log()).findByText((text) => text.startsWith(CHAT_OFFLINE_PREFIX));
    expect(reply.textContent).toContain('From the FAQ "Where can my pet travel?"');
    expect(within(log()).getByText('Sources: FAQ: Where can my pet travel?')).toBeTruthy();
    expect(server.queries()).toEqual([]);
  });

  it('sends the rider’s own terminal with the question, and offline prices a fare from the cached fare table', async () => {
    const server = fakeServer(() => ({ response: 'Next sailings from Swartz Bay: …', confidence: 0.82, sources: [] }));
    await database.meta.put({ key: 'rider.chosenTerminal', value: 'swartz-bay', updatedAt: 1 });
    render(<ChatWidget database={database} />);
    expect(await screen.findByRole('button', { name: 'When is the next sailing from Swartz Bay?' })).toBeTruthy();
    changeValue(input(), { target: { value: 'When does the next boat leave?' } });
    fireEvent.click(sendButton());
    await within(log()).findByText('Next sailings from Swartz Bay: …');
    expect(server.bodies().at(-1)).toEqual({ query: 'When does the next boat leave?', terminalId: 'swartz-bay' });

    cleanup();
    await database.fares.bulkPut(FARES);
    useConnectivityStore.setState({ online: false });
    render(<ChatWidget database={database} />);
    changeValue(input(), { target: { value: 'How much is the fare to Langdale with a car?' } });
    fireEvent.click(sendButton());
    const reply = await within(log()).findByText((text) => text.startsWith(CHAT_OFFLINE_PREFIX_FARES));
    expect(reply.textContent).toContain('$76.16 off-peak or $83.78 at peak');
  });
});
