/**
 * `useSyncExternalStore`'s subscribe for a value that never changes while the page runs, but differs
 * between the HTML (the server snapshot) and the browser: the app renders the browser's value right
 * after the render that takes the HTML over.
 */
export const noSubscription = () => () => undefined;
