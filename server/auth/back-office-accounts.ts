/**
 * Back-office accounts: create, reset, disable, and the first admin. Used by the sign-in route, the
 * admin's account routes and the `npm run accounts` CLI, so the rules live once:
 * - usernames are unique regardless of case (`usernameKey` is the lower-cased name);
 * - passwords are at least BACK_OFFICE_PASSWORD_MIN_LENGTH characters and stored as argon2id hashes;
 * - resetting or disabling an account ends its sessions.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';

import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from '@/domain/constants';

import type { Database } from '../db/client';
import { backOfficeAccounts, backOfficeSessions, type BackOfficeRole } from '../db/schema';
import { hashPassword, randomPassword } from './passwords';

export const INITIAL_ADMIN_USERNAME = 'admin';
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

export class AccountError extends Error {
  constructor(
    readonly code: 'username_taken' | 'weak_password' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

function checkPassword(password: string): void {
  if (password.length < BACK_OFFICE_PASSWORD_MIN_LENGTH) {
    throw new AccountError('weak_password', `Passwords need at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters`);
  }
}

export interface AccountSummary {
  id: number;
  username: string;
  role: BackOfficeRole;
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export function toAccountSummary(row: typeof backOfficeAccounts.$inferSelect): AccountSummary {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function createAccount(
  database: Database,
  input: { username: string; password: string; role: BackOfficeRole },
): Promise<AccountSummary> {
  checkPassword(input.password);
  const [row] = await database.db
    .insert(backOfficeAccounts)
    .values({
      username: input.username.trim(),
      usernameKey: usernameKey(input.username),
      passwordHash: await hashPassword(input.password),
      role: input.role,
    })
    .onConflictDoNothing({ target: backOfficeAccounts.usernameKey })
    .returning();
  if (!row) throw new AccountError('username_taken', `The username ${input.username.trim()} is already taken`);
  return toAccountSummary(row);
}

export async function findAccount(database: Database, username: string) {
  const [row] = await database.db
    .select()
    .from(backOfficeAccounts)
    .where(eq(backOfficeAccounts.usernameKey, usernameKey(username)))
    .limit(1);
  return row ?? null;
}

/** Every back-office account, oldest first (the admin's account list). */
export async function listAccounts(database: Database): Promise<AccountSummary[]> {
  const rows = await database.db.select().from(backOfficeAccounts).orderBy(backOfficeAccounts.id);
  return rows.map(toAccountSummary);
}

/** Notes a successful sign-in (the account list's "last login"). */
export async function recordSignIn(database: Database, accountId: number, at: Date): Promise<void> {
  await database.db.update(backOfficeAccounts).set({ lastLoginAt: at }).where(eq(backOfficeAccounts.id, accountId));
}

async function updateAndEndSessions(
  database: Database,
  username: string,
  values: Partial<typeof backOfficeAccounts.$inferInsert>,
): Promise<AccountSummary> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(backOfficeAccounts)
      .set(values)
      .where(eq(backOfficeAccounts.usernameKey, usernameKey(username)))
      .returning();
    if (!row) throw new AccountError('not_found', `No back-office account named ${username}`);
    await tx.delete(backOfficeSessions).where(eq(backOfficeSessions.accountId, row.id));
    return toAccountSummary(row);
  });
}

/** New password (and the account enabled again); every session of the account ends. */
export async function resetPassword(database: Database, username: string, password: string): Promise<AccountSummary> {
  checkPassword(password);
  return updateAndEndSessions(database, username, { passwordHash: await hashPassword(password), disabled: false });
}

export function disableAccount(database: Database, username: string): Promise<AccountSummary> {
  return updateAndEndSessions(database, username, { disabled: true });
}

export interface InitialAdminDeps {
  database: Database;
  dataDir: string;
  /** ADMIN_INITIAL_PASSWORD, when set. */
  password?: string;
  log: (message: string) => void;
}

/**
 * When no admin account exists, creates `admin` with ADMIN_INITIAL_PASSWORD or a random password,
 * which is printed once and written to DATA_DIR/initial-admin-password (mode 0600). Several
 * instances starting together race on the unique username: only the one that inserts prints.
 */
export async function ensureInitialAdmin(deps: InitialAdminDeps): Promise<void> {
  const [existing] = await deps.database.db
    .select({ id: backOfficeAccounts.id })
    .from(backOfficeAccounts)
    .where(eq(backOfficeAccounts.role, 'admin'))
    .limit(1);
  if (existing) return;
  const password = deps.password ?? randomPassword();
  const [row] = await deps.database.db
    .insert(backOfficeAccounts)
    .values({
      username: INITIAL_ADMIN_USERNAME,
      usernameKey: INITIAL_ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      role: 'admin',
    })
    .onConflictDoNothing({ target: backOfficeAccounts.usernameKey })
    .returning({ id: backOfficeAccounts.id });
  if (!row) return;
  if (deps.password) {
    deps.log(
      `Created the back-office account "${INITIAL_ADMIN_USERNAME}" with the password from ADMIN_INITIAL_PASSWORD`,
    );
    return;
  }
  const file = path.join(deps.dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  await fs.mkdir(deps.dataDir, { recursive: true });
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  deps.log(
    `Created the back-office account "${INITIAL_ADMIN_USERNAME}" with the password ${password} (also in ${file}; change it with npm run accounts -- reset admin)`,
  );
}
