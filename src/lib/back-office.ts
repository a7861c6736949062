/**
 * Back-office sign-in on the client (membership §2 Admin login, §3 Admin session). The HttpOnly
 * `dh_backoffice` cookie is the authority; `adminSession` in localStorage only remembers who signed
 * in, for display (and for the dashboards' header when the server cannot be reached).
 */
import { adminSessionSchema, type AdminSession } from '@/domain/back-office';
import { currentSession, signIn, signOut } from '@/domain/contracts/back-office-auth';
import { callApi } from '@/lib/api-client';

export { adminSessionSchema, type AdminSession };

export const ADMIN_SESSION_KEY = 'adminSession';

/** membership §2: role admin goes to /admin/dashboard, anything else to /staff/dashboard. */
export function dashboardPathFor(role: AdminSession['role']): string {
  return role === 'admin' ? '/admin/dashboard' : '/staff/dashboard';
}

export function storedAdminSession(): AdminSession | null {
  try {
    const parsed = adminSessionSchema.safeParse(JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function signInBackOffice(input: {
  username: string;
  password: string;
  role: AdminSession['role'];
}): Promise<AdminSession> {
  const { admin } = await callApi(signIn, { body: input });
  localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
  return admin;
}

/** Who the server says is signed in; throws ApiError 401 when nobody is. */
export async function fetchBackOfficeSession(): Promise<AdminSession> {
  const { admin } = await callApi(currentSession, {});
  localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
  return admin;
}

export async function signOutBackOffice(): Promise<void> {
  localStorage.removeItem(ADMIN_SESSION_KEY);
  await callApi(signOut, {});
}
