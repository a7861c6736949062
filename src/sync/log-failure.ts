/** `.catch(logFailure('Ferry pull'))`: a failed pull or flush is logged and the cached data stays (offline is normal). */
export const logFailure = (what: string) => (error: unknown) => console.warn(`${what} failed`, error);
