/** Read-only reference data: the store's catalogue, the help page's questions and the fare table. */
import { faqListSchema } from '../faq';
import { fareListSchema } from '../fares';
import { storeItemListSchema } from '../store';
import { defineContract } from './contract';

export const listStoreItems = defineContract({
  method: 'GET',
  path: '/api/store/items',
  summary: "The store's items by category, with their stock",
  tag: 'Store',
  access: 'anyone',
  responses: { 200: storeItemListSchema },
});

export const listFaq = defineContract({
  method: 'GET',
  path: '/api/faq',
  summary: "The help page's questions and answers by category",
  tag: 'Help',
  access: 'anyone',
  responses: { 200: faqListSchema },
});

export const listFares = defineContract({
  method: 'GET',
  path: '/api/fares',
  summary: 'The fare table: one row per route',
  tag: 'Help',
  access: 'anyone',
  responses: { 200: fareListSchema },
});
