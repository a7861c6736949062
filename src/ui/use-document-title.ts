/**
 * Sets document.title for the page on screen. Lives in ui/ (not app/) because feature pages call it and
 * features may only depend downwards. Page titles read "{page} · Deckhand"; pass `exact` for a title
 * that must stand alone (the 404 page's "404 Page Not Found").
 */
import { useEffect } from 'react';

import { PRODUCT_NAME } from '@/domain/constants';

export function documentTitle(pageTitle: string | undefined, exact = false): string {
  if (!pageTitle || pageTitle === PRODUCT_NAME) return PRODUCT_NAME;
  return exact ? pageTitle : `${pageTitle} · ${PRODUCT_NAME}`;
}

export function useDocumentTitle(pageTitle: string | undefined, options: { exact?: boolean } = {}): void {
  const title = documentTitle(pageTitle, options.exact);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
