/**
 * The ferry list the server sent with /app's HTML (src/domain/server-ferries.ts), taken before home's
 * first render: the render then shows the sailing the HTML already shows, instead of replacing it
 * with "Loading ferry information..." until the device store or a pull answers. The list is also kept
 * on the device (a later pull replaces it), so it is there offline too.
 */
import { db, type DeckhandDB } from '@/data/db';
import { storedFerriesFirstRead } from '@/data/stored-ferries';
import { SERVER_FERRIES_ELEMENT_ID, serverFerriesSchema, type ServerFerries } from '@/domain/server-ferries';
import { logFailure, storeFerriesUnlessNewer } from '@/sync/pull';

/** The page's data block, if it has a valid one. */
export function readServerFerries(doc: Document): ServerFerries | undefined {
  const text = doc.getElementById(SERVER_FERRIES_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = serverFerriesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seeds home's first read with the page's list and stores it; the block is removed, so it is taken
 * once (a later visit to home reads the device). Returns the storing (it never rejects: a failure is
 * logged), or undefined when the page had no list.
 */
export function takeServerFerries(doc: Document = document, database: DeckhandDB = db): Promise<void> | undefined {
  const data = readServerFerries(doc);
  doc.getElementById(SERVER_FERRIES_ELEMENT_ID)?.remove();
  if (!data) return undefined;
  storedFerriesFirstRead.seed(data);
  return storeFerriesUnlessNewer(database, data.ferries, data.fetchedAt).catch(logFailure('Keeping the ferries sent with the page'));
}
