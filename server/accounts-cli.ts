/**
 * `npm run accounts -- <command>`: manage back-office accounts from a shell, on the database the
 * server uses (same DATA_DIR / DATABASE_URL). With the embedded database stop the server first:
 * PGlite's files belong to one process at a time.
 *
 *   create <username> --role staff|admin [--password <pw>]   new account (random password printed if none)
 *   reset <username> [--password <pw>]                       new password, account enabled, sessions ended
 *   disable <username>                                       cannot sign in any more, sessions ended
 *   list                                                     every account with its role and state
 */
import { parseArgs } from 'node:util';

import {
  AccountError,
  createAccount,
  disableAccount,
  resetPassword,
  toAccountSummary,
} from './auth/back-office-accounts';
import { randomPassword } from './auth/passwords';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { backOfficeAccounts } from './db/schema';

const USAGE = `Usage: npm run accounts -- create <username> --role staff|admin [--password <pw>]
       npm run accounts -- reset <username> [--password <pw>]
       npm run accounts -- disable <username>
       npm run accounts -- list`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, password: { type: 'string' } },
  });
  const [command, username] = positionals;
  if (!command || (command !== 'list' && !username)) {
    console.error(USAGE);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    const generated = values.password ? undefined : randomPassword();
    const password = values.password ?? generated ?? '';
    switch (command) {
      case 'create': {
        if (values.role !== 'staff' && values.role !== 'admin') {
          console.error('--role must be staff or admin');
          return 2;
        }
        const account = await createAccount(database, { username: username!, password, role: values.role });
        console.log(
          `Created ${account.role} account ${account.username}${generated ? ` with the password ${generated}` : ''}`,
        );
        return 0;
      }
      case 'reset': {
        const account = await resetPassword(database, username!, password);
        console.log(
          `Reset the password of ${account.username}${generated ? ` to ${generated}` : ''}; its sessions have ended`,
        );
        return 0;
      }
      case 'disable': {
        const account = await disableAccount(database, username!);
        console.log(`Disabled ${account.username}; its sessions have ended`);
        return 0;
      }
      case 'list': {
        const rows = await database.db.select().from(backOfficeAccounts).orderBy(backOfficeAccounts.id);
        for (const row of rows.map(toAccountSummary)) {
          console.log(
            `${row.username}\t${row.role}\t${row.disabled ? 'disabled' : 'active'}\tlast sign-in ${row.lastLoginAt ?? 'never'}`,
          );
        }
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof AccountError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
