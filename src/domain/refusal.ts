/**
 * Whether sending a refused write again can succeed (DESIGN.md "Data flow (client)": a final 4xx is
 * kept visible with Retry and Discard). A refusal of the request itself — 400 bad input, 413 too
 * large, 415 not an image, 422 not acceptable as it stands (a count for another terminal than the
 * rider's GPS fix) — comes back the same however often it is sent, so offering Retry would only
 * promise what cannot happen: the rider can only discard it (and make a new one). Other refusals
 * (401, 403, 404, 409…) depend on state that can change: a session, a membership, a limit that
 * passes. An unknown status (rows refused before it was kept) keeps Retry.
 */
const REQUEST_ITSELF_REFUSED = new Set([400, 413, 415, 422]);

export function refusalMayPass(status: number | undefined): boolean {
  return status === undefined || !REQUEST_ITSELF_REFUSED.has(status);
}
