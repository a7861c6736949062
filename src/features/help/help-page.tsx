/**
 * Ferry Travel Help (rider-core §2 Help page): search; "Most Asked Questions" only while the search is
 * empty; "Browse by Category" (7 categories, a tap puts the lowercase name into the search); "Current
 * Ferry Status" (first 4 ferries); the fare calculator; all questions as an accordion with a results
 * count while searching; "Still Need Help?" with customer service and 911. While searching, the
 * results stand right below the search box (not four screens further down, after the categories, the
 * ferries and the fare calculator), and a category tap brings the search box and its results into view.
 *
 * Everything renders from Dexie (FAQ, fares, ferries), so the page works offline once visited; the
 * FAQ and fares are refreshed in the background whenever the page opens online.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Phone, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { pullFaq } from '@/data/faq';
import { pullFares } from '@/data/fares';
import { FAQ_CATEGORIES, HELP_CONTACTS, matchesFaq, MOST_ASKED_FAQ_IDS, type FaqItem } from '@/domain/faq';
import { sortFares } from '@/domain/fares';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { logFailure } from '@/sync/log-failure';
import { Button, buttonVariants } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';

import { FaqAccordion, MostAsked } from './faq-list';
import { FareCalculator } from './fare-calculator';
import { FerryStatusList } from './ferry-status-list';

function byQuestion(a: FaqItem, b: FaqItem) {
  return a.question.localeCompare(b.question);
}

export function HelpPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const searchId = useId();
  const mostAskedId = useId();
  const categoriesId = useId();
  const ferriesId = useId();
  const allId = useId();
  const contactId = useId();
  const [search, setSearch] = useState('');
  const searchBox = useRef<HTMLDivElement>(null);
  const online = useConnectivityStore((state) => state.online);

  useEffect(() => {
    if (!online) return;
    pullFaq(database).catch(logFailure('FAQ pull'));
    pullFares(database).catch(logFailure('Fare pull'));
  }, [database, online]);

  const faq = useLiveQuery(() => database.faq.toArray().then((items) => items.sort(byQuestion)), [database]) ?? [];
  const fares = useLiveQuery(() => database.fares.toArray().then(sortFares), [database]) ?? [];
  const ferries =
    useLiveQuery(
      () =>
        database.ferries
          .toArray()
          .then((list) => list.sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))),
      [database],
    ) ?? [];
  const searching = search.trim().length > 0;
  const results = faq.filter((item) => matchesFaq(item, search));
  const mostAsked = MOST_ASKED_FAQ_IDS.map((id) => faq.find((item) => item.id === id)).filter((item): item is FaqItem =>
    Boolean(item),
  );

  const questions = (
    <section aria-labelledby={allId} className="px-4">
      <h2 id={allId} className="mb-2 text-lg font-semibold">
        {searching ? 'Search Results' : 'All Questions'}
      </h2>
      {searching ? (
        <p role="status" className="mb-2 text-sm text-muted-foreground">
          {results.length} {results.length === 1 ? 'result' : 'results'} for “{search.trim()}”
        </p>
      ) : null}
      {faq.length === 0 ? <NotCached /> : <FaqAccordion items={results} labelledBy={allId} />}
    </section>
  );

  return (
    <div className="flex flex-col gap-5 pb-6">
      <PageHeader title="Ferry Travel Help" />
      <div ref={searchBox} className="scroll-mt-2 px-4">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search help
        </label>
        <div className="relative mt-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Fares, pets, reservations…"
            className="min-h-11 w-full rounded-md border border-border bg-surface pr-3 pl-10 text-base"
          />
        </div>
      </div>

      {searching ? (
        questions
      ) : (
        <section aria-labelledby={mostAskedId} className="px-4">
          <h2 id={mostAskedId} className="mb-2 text-lg font-semibold">
            Most Asked Questions
          </h2>
          {faq.length === 0 ? <NotCached /> : <MostAsked items={mostAsked} labelledBy={mostAskedId} />}
        </section>
      )}

      <section aria-labelledby={categoriesId} className="px-4">
        <h2 id={categoriesId} className="mb-2 text-lg font-semibold">
          Browse by Category
        </h2>
        <div className="grid grid-cols-2 gap-2">
          {FAQ_CATEGORIES.map((category) => (
            <Button
              key={category}
              variant="outline"
              onClick={() => {
                setSearch(category.toLowerCase());
                searchBox.current?.scrollIntoView?.({ block: 'start' });
              }}
            >
              {category}
            </Button>
          ))}
        </div>
      </section>

      <section aria-labelledby={ferriesId} className="px-4">
        <h2 id={ferriesId} className="mb-2 text-lg font-semibold">
          Current Ferry Status
        </h2>
        <FerryStatusList ferries={ferries} labelledBy={ferriesId} />
        <p className="mt-2 text-sm">
          <Link to="../data-sources" relative="path" className="underline underline-offset-2">
            Data sources
          </Link>
          : where these figures come from and how fresh they are
        </p>
      </section>

      <div className="px-4">
        <FareCalculator fares={fares} />
      </div>

      {searching ? null : questions}

      <section aria-labelledby={contactId} className="mx-4 rounded-lg border border-border bg-surface p-4">
        <h2 id={contactId} className="text-lg font-semibold">
          Still Need Help?
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          {HELP_CONTACTS.customerService.label}: {HELP_CONTACTS.customerService.hours}
        </p>
        <div className="flex flex-col gap-2">
          <a href={`tel:${HELP_CONTACTS.customerService.phone}`} className={buttonVariants({ variant: 'outline' })}>
            <Phone aria-hidden="true" className="size-5" />
            Call Customer Service {HELP_CONTACTS.customerService.phone}
          </a>
          <a href={`tel:${HELP_CONTACTS.emergency.phone}`} className={buttonVariants({ variant: 'destructive' })}>
            <Phone aria-hidden="true" className="size-5" />
            Call {HELP_CONTACTS.emergency.phone} (emergency)
          </a>
        </div>
      </section>
    </div>
  );
}

function NotCached() {
  return <p className="text-sm text-muted-foreground">Help questions load the first time you are online.</p>;
}
