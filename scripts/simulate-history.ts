/**
 * `npm run history:simulate [weeks]` (default 4): fills the database (DATA_DIR or DATABASE_URL, as the
 * server opens it; stop the server first when it runs on PGlite) with the simulator's sailings of the
 * last `weeks` weeks as recorded history (source `simulator`), so the forecasts of a simulated
 * terminal have a basis from the first start. Sailings already recorded are left as they are.
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { simulatedSailings } from '../server/feed/simulated-sailings';
import { recordSimulatedHistory, storeSimulatedHistory } from '../server/history/simulated-history';

const weeks = Number(process.argv[2] ?? 4);
if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) {
  console.error('Usage: npm run history:simulate [weeks: 1-52]');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
try {
  const end = Date.now();
  console.log(`Simulating ${weeks} weeks of sailings up to now…`);
  const records = recordSimulatedHistory(end - weeks * 7 * 86_400_000, end, 5 * 60_000, (t) => simulatedSailings(t, 2));
  const added = await storeSimulatedHistory(database, records);
  console.log(`Recorded ${added} simulated sailings (source "simulator") in the history.`);
} finally {
  await database.close();
}
