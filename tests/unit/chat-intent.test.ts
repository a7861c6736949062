import { describe, expect, it } from 'vitest';

import { detectIntent, MAIN_ROUTE_IDS, mentionedTerminal, parseFareQuestion } from '@/domain/chat-intent';

describe('what a chat question asks for (rider-core §2 AI chat, §9 fares)', () => {
  it('reads a price question as a fare, whatever words ask the price', () => {
    expect(detectIntent('How much is an adult fare on the main routes?')).toBe('fare');
    expect(detectIntent('What does it cost to take a car to Langdale?')).toBe('fare');
    expect(detectIntent("What's the fare for 2 adults and a child?")).toBe('fare');
    expect(detectIntent('price for a motorcycle')).toBe('fare');
  });

  it('reads a question about sailing times as a sailing, also when it opens like a guide question', () => {
    expect(detectIntent('When is the next sailing from Tsawwassen?')).toBe('sailing');
    expect(detectIntent('What time does the ferry depart?')).toBe('sailing');
    expect(detectIntent('Is there a sailing from Horseshoe Bay soon?')).toBe('sailing');
    expect(detectIntent('When does the boat leave?')).toBe('sailing');
  });

  it('does not take a terminal name for an intent word: Departure Bay asks for no departure', () => {
    expect(detectIntent('Is there a coffee shop at Departure Bay?')).toBe('other');
  });

  it('sends a question about a missed or reserved sailing to the guide', () => {
    expect(detectIntent('What happens if I missed my sailing?')).toBe('other');
  });

  it('reads a question about the line as a wait', () => {
    expect(detectIntent('How long is the wait at Swartz Bay?')).toBe('wait');
    expect(detectIntent('How busy is the lineup right now')).toBe('wait');
    expect(detectIntent('how many cars in the queue')).toBe('wait');
  });

  it('reads "how much" as a price only when it asks for money, not for time, room or traffic', () => {
    expect(detectIntent('How much longer is the wait at Tsawwassen?')).toBe('wait');
    expect(detectIntent('How much traffic is in the lineup?')).toBe('wait');
    expect(detectIntent('How much time until the next sailing?')).toBe('sailing');
    expect(detectIntent('How much room is left on the next ferry?')).toBe('sailing');
    expect(detectIntent('How much does a dog cost?')).toBe('fare');
    expect(detectIntent('How much for a car?')).toBe('fare');
  });

  it('reads "leave" as a sailing only outside guide questions', () => {
    expect(detectIntent('ferry leaving Nanaimo')).toBe('sailing');
    expect(detectIntent('Can I leave my car in the lane?')).toBe('other');
  });

  it('keeps a "why" question about a fare for the guide', () => {
    expect(detectIntent('Why is the price higher on Fridays?')).toBe('other');
  });

  it('answers other for anything else, and for an empty question', () => {
    expect(detectIntent('Is there Wi-Fi on board?')).toBe('other');
    expect(detectIntent('')).toBe('other');
    expect(detectIntent('   ')).toBe('other');
  });
});

describe('the terminal a chat question names (rider-core §1 terminals)', () => {
  it('finds the terminal by the names riders use, and none when none is named', () => {
    expect(mentionedTerminal('next ferry from Horseshoe Bay')).toBe('horseshoe-bay');
    expect(mentionedTerminal('the wait at Victoria')).toBe('swartz-bay');
    expect(mentionedTerminal('Bowen Island sailings')).toBe('snug-cove');
    expect(mentionedTerminal('Gibsons ferry')).toBe('langdale');
    expect(mentionedTerminal('When is the next sailing?')).toBeNull();
    expect(mentionedTerminal('')).toBeNull();
  });

  it('takes the longest name first: Nanaimo Duke Point is Duke Point, plain Nanaimo is Departure Bay', () => {
    expect(mentionedTerminal('sailings from Nanaimo Duke Point')).toBe('duke-point');
    expect(mentionedTerminal('sailings from Nanaimo Departure Bay')).toBe('departure-bay');
    expect(mentionedTerminal('sailings from Nanaimo')).toBe('departure-bay');
  });

  it('prefers the terminal after "from" over the one after "to", in either order', () => {
    expect(mentionedTerminal('to Swartz Bay from Tsawwassen')).toBe('tsawwassen');
    expect(mentionedTerminal('from Tsawwassen to Swartz Bay')).toBe('tsawwassen');
    expect(mentionedTerminal('Langdale to Horseshoe Bay')).toBe('langdale');
  });

  it('reads typographic apostrophes and punctuation around names', () => {
    expect(mentionedTerminal('How long is Tsawwassen’s line?')).toBe('tsawwassen');
    expect(mentionedTerminal('Leaving Swartz Bay, when?')).toBe('swartz-bay');
  });
});

describe('a fare question read into a fare request (rider-core §5 fare calculator, §9 fares)', () => {
  it('assumes one adult on foot on the main routes when the question names nothing', () => {
    expect(parseFareQuestion('How much is the ferry?')).toEqual({
      route: 'main',
      routeNamed: false,
      request: { adults: 1, children: 0, infants: 0, vehicle: 'none', bicycles: 0 },
      peak: null,
      partyNamed: false,
    });
  });

  it('counts the main routes as named when the question says so', () => {
    const q = parseFareQuestion('How much is an adult fare on the main routes?');
    expect(q).toMatchObject({ route: 'main', routeNamed: true, partyNamed: true });
    expect(q.request.adults).toBe(1);
  });

  it('picks the route from the terminals named; Tsawwassen or Horseshoe Bay alone is a main route', () => {
    expect(parseFareQuestion('fare to Langdale').route).toBe('hsb-lng');
    expect(parseFareQuestion('fare to Bowen Island').route).toBe('hsb-snug');
    expect(parseFareQuestion('fare from Tsawwassen to Duke Point').route).toBe('tsa-duk');
    expect(parseFareQuestion('fare from Tsawwassen to Victoria').route).toBe('tsa-swb');
    expect(parseFareQuestion('fare from Horseshoe Bay to Nanaimo').route).toBe('hsb-nan');
    expect(parseFareQuestion('fare from Tsawwassen')).toMatchObject({ route: 'main', routeNamed: true });
    expect(MAIN_ROUTE_IDS).toEqual(['hsb-nan', 'tsa-swb', 'tsa-duk']);
  });

  it('counts passengers by type from digits and number words', () => {
    expect(parseFareQuestion('price for 2 adults, three kids and a baby').request).toMatchObject({
      adults: 2,
      children: 3,
      infants: 1,
    });
    expect(parseFareQuestion('how much for a couple of seniors').request.adults).toBe(2);
  });

  it('assumes no adult when only children or infants are named', () => {
    expect(parseFareQuestion('how much for two children').request).toMatchObject({ adults: 0, children: 2 });
  });

  it('keeps each passenger count within the calculator’s 0-20', () => {
    expect(parseFareQuestion('price for 25 adults').request.adults).toBe(20);
    expect(parseFareQuestion('price for 20 adults').request.adults).toBe(20);
  });

  it('reads the vehicle from its length or kind, and none for foot passengers', () => {
    const vehicle = (query: string) => parseFareQuestion(query).request.vehicle;
    expect(vehicle('how much for a car')).toBe('under20');
    expect(vehicle('price with an SUV')).toBe('under20');
    expect(vehicle('cost for a vehicle under 20 ft')).toBe('under20');
    expect(vehicle('cost for a vehicle 20-25 ft')).toBe('20to25');
    expect(vehicle('price with a trailer')).toBe('20to25');
    expect(vehicle('price for an RV')).toBe('over25');
    expect(vehicle('cost for a vehicle over 25 ft')).toBe('over25');
    expect(vehicle('price for a motorcycle')).toBe('motorcycle');
    expect(vehicle('how much for a foot passenger')).toBe('none');
    expect(vehicle('how much, no car')).toBe('none');
  });

  it('counts bicycles, at least one when a bike is named, and never a motorbike as one', () => {
    expect(parseFareQuestion('price for 2 bikes').request.bicycles).toBe(2);
    expect(parseFareQuestion('how much with my bike').request.bicycles).toBe(1);
    expect(parseFareQuestion('how much with a motorbike').request).toMatchObject({
      bicycles: 0,
      vehicle: 'motorcycle',
    });
  });

  it('reads peak and off-peak when stated, and neither when not', () => {
    expect(parseFareQuestion('peak fare for a car').peak).toBe(true);
    expect(parseFareQuestion('off-peak fare for a car').peak).toBe(false);
    expect(parseFareQuestion('offpeak price').peak).toBe(false);
    expect(parseFareQuestion('fare for a car').peak).toBeNull();
  });

  it('says the party was named when a vehicle or bicycle alone was named', () => {
    expect(parseFareQuestion('how much for a car').partyNamed).toBe(true);
    expect(parseFareQuestion('how much with a bike').partyNamed).toBe(true);
  });
});
