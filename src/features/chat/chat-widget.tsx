/**
 * AI chat (rider-core §2, §5, §8, §9): starts with the welcome message; suggested questions show only
 * while it is the sole message; a blank question cannot be sent, nor a second one while an answer is
 * pending. Each answer shows its confidence band (≥ 0.8 high, ≥ 0.6 moderate, else low; 0 none) and
 * its sources. Questions that name no terminal are about the rider's own (sent with the question),
 * and the suggestions ask about it. Offline it answers from the FAQ cached on the device and says so. Loaded lazily by
 * the home page, so it is its own chunk; the FAQ cache is refreshed here when online.
 */
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { pullFaq } from '@/data/faq';
import { pullFares } from '@/data/fares';
import { useRiderTerminal } from '@/data/rider-terminal';
import {
  CHAT_QUERY_MAX,
  CHAT_WELCOME_MESSAGE,
  chatSuggestions,
  CONFIDENCE_BAND_LABELS,
  confidenceBand,
  type ChatResponse,
} from '@/domain/chat';
import { DEFAULT_TERMINAL_ID, terminalById } from '@/domain/terminals';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

import { askAssistant } from './ask-assistant';

type Message =
  { id: number; from: 'user'; text: string } | { id: number; from: 'assistant'; text: string; answer?: ChatResponse };

const BAND_VARIANTS: Record<ReturnType<typeof confidenceBand>, BadgeVariant> = {
  high: 'success',
  moderate: 'warning',
  low: 'secondary',
  none: 'outline',
};

export function ChatWidget({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  const inputId = useId();
  const nextId = useRef(1);
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'assistant', text: CHAT_WELCOME_MESSAGE }]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const online = useConnectivityStore((state) => state.online);
  const terminal = useRiderTerminal(database);
  const terminalName = terminalById(terminal?.terminalId ?? DEFAULT_TERMINAL_ID)?.name ?? 'Horseshoe Bay';

  // The newest message is brought into the log's view, its top first (a long answer is read from its start).
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const newest = log.current?.querySelector('ol')?.lastElementChild;
    if (log.current && newest instanceof HTMLElement) log.current.scrollTop = newest.offsetTop;
  }, [messages, pending]);

  useEffect(() => {
    if (!online) return;
    // Cached for the offline answers: the guide, and the fare table prices are computed from.
    pullFaq(database).catch((error: unknown) => console.warn('FAQ pull failed', error));
    pullFares(database).catch((error: unknown) => console.warn('Fare pull failed', error));
  }, [database, online]);

  async function send(text: string) {
    const query = text.trim();
    if (!query || pending) return;
    setPending(true);
    setDraft('');
    setMessages((list) => [...list, { id: nextId.current++, from: 'user', text: query }]);
    const answer = await askAssistant(database, query, useConnectivityStore.getState().online, terminal?.terminalId);
    setMessages((list) => [...list, { id: nextId.current++, from: 'assistant', text: answer.response, answer }]);
    setPending(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(draft);
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Ask Deckhand</CardTitle>
        <CardDescription>Answers from the ferry guide, the fare table and live terminal data.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {/* The scrolling log is focusable so keyboard users can scroll it (WCAG 2.1.1). */}
        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-label="Conversation"
          tabIndex={0}
          className="relative max-h-96 overflow-y-auto rounded-md"
        >
          <ol className="flex flex-col gap-2">
            {messages.map((message) => (
              <li
                key={message.id}
                className={
                  message.from === 'user'
                    ? 'ml-8 self-end rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground'
                    : 'mr-8 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground'
                }
              >
                <span className="sr-only">{message.from === 'user' ? 'You: ' : 'Assistant: '}</span>
                <p className="whitespace-pre-line">{message.text}</p>
                {message.from === 'assistant' && message.answer ? <AnswerDetails answer={message.answer} /> : null}
              </li>
            ))}
            {pending ? (
              <li className="mr-8 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground">Thinking…</li>
            ) : null}
          </ol>
        </div>
        {messages.length === 1 ? (
          <ul aria-label="Suggested questions" className="flex flex-wrap gap-2">
            {chatSuggestions(terminalName).map((suggestion) => (
              <li key={suggestion} className="max-w-full">
                <Button
                  size="sm"
                  variant="outline"
                  className="h-auto max-w-full text-left"
                  disabled={pending}
                  onClick={() => void send(suggestion)}
                >
                  {/* The button's base class keeps text on one line; a long question wraps inside its border. */}
                  <span className="whitespace-normal break-words">{suggestion}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Your question
          </label>
          <input
            id={inputId}
            value={draft}
            maxLength={CHAT_QUERY_MAX}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Ask about fares, sailings, pets…"
            className="min-h-11 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 text-base"
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={pending || draft.trim().length === 0}>
            <Send aria-hidden="true" className="size-5" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AnswerDetails({ answer }: { answer: ChatResponse }) {
  const band = confidenceBand(answer.confidence);
  return (
    <div className="mt-2 flex flex-col gap-1">
      <Badge variant={BAND_VARIANTS[band]} className="w-fit">
        {CONFIDENCE_BAND_LABELS[band]}
      </Badge>
      {answer.sources.length > 0 ? <p className="text-xs">Sources: {answer.sources.join('; ')}</p> : null}
    </div>
  );
}
