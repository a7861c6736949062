import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  FAQ_CATEGORIES,
  faqListSchema,
  HELP_CONTACTS,
  matchesFaq,
  MOST_ASKED_FAQ_IDS,
  type FaqItem,
} from '@/domain/faq';

import { FAQ_ROWS } from '../../server/db/seed';

const pets: FaqItem = {
  id: 'pets-onboard',
  category: 'Pets',
  question: 'Can I bring my pet on board?',
  answer: 'Pets stay in your vehicle or the pet area. Leash maximum 1 m.',
};

describe('the Help page questions (rider-core §2 Help page)', () => {
  it('matches every word of the search, in any case, across question, answer and category', () => {
    expect(matchesFaq(pets, 'pet')).toBe(true);
    expect(matchesFaq(pets, 'LEASH vehicle')).toBe(true);
    expect(matchesFaq(pets, 'pets')).toBe(true);
    expect(matchesFaq(pets, 'pet refund')).toBe(false);
  });

  it('matches everything while the search is empty or blank', () => {
    expect(matchesFaq(pets, '')).toBe(true);
    expect(matchesFaq(pets, '   ')).toBe(true);
  });

  it('finds a question by the lowercase category name a category button puts in the search', () => {
    for (const category of FAQ_CATEGORIES) {
      const inCategory = FAQ_ROWS.filter((row) => matchesFaq(row, category.toLowerCase()));
      expect(inCategory.length, category).toBeGreaterThan(0);
    }
  });

  it('browses by the seven categories, each holding questions', () => {
    expect(FAQ_CATEGORIES).toHaveLength(7);
    for (const category of FAQ_CATEGORIES) {
      expect(
        FAQ_ROWS.some((row) => row.category === category),
        category,
      ).toBe(true);
    }
  });

  it('lists as most asked only questions that exist', () => {
    const ids = new Set(FAQ_ROWS.map((row) => row.id));
    for (const id of MOST_ASKED_FAQ_IDS) expect(ids.has(id), id).toBe(true);
  });

  it('gives customer service and the emergency number 911 under "Still Need Help?"', () => {
    expect(HELP_CONTACTS.emergency.phone).toBe('911');
    expect(HELP_CONTACTS.customerService.label).toBe('Customer Service');
    expect(HELP_CONTACTS.customerService.phone).toMatch(/^1-\d{3}-\d{3}-\d{4}$/);
  });

  it('accepts the questions as GET /api/faq answers them, and nothing missing a field', () => {
    expect(z.safeParse(faqListSchema, FAQ_ROWS).success).toBe(true);
    expect(z.safeParse(faqListSchema, []).success).toBe(true);
    const { answer: _, ...noAnswer } = pets;
    expect(z.safeParse(faqListSchema, [noAnswer]).success).toBe(false);
  });
});
