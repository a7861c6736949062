/**
 * Back-office sign-in on the client (membership §2 Admin login, §3 Admin session). The HttpOnly
 * `dh_backoffice` cookie is the authority; `adminSession` in localStorage only remembers who signed
 * in, for display (and for the dashboards' header when the server cannot be reached).
 */
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

export const ADMIN_SESSION_KEY = 'adminSession';

export const adminSessionSchema = z.object({ username: z.string(), role: z.enum(['admin', 'staff']) });
export type AdminSession = z.infer<typeof adminSessionSchema>;
const answerSchema = z.object({ admin: adminSessionSchema });

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

export async function signInBackOffice(input: { username: string; password: string; role: AdminSession['role'] }): Promise<AdminSession> {
  const { admin } = answerSchema.parse(await apiRequest('/api/admin/login', { method: 'POST', body: input }));
  localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
  return admin;
}

/** Who the server says is signed in; throws ApiError 401 when nobody is. */
export async function fetchBackOfficeSession(): Promise<AdminSession> {
  const { admin } = answerSchema.parse(await apiRequest('/api/admin/session'));
  localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
  return admin;
}

export async function signOutBackOffice(): Promise<void> {
  localStorage.removeItem(ADMIN_SESSION_KEY);
  await apiRequest('/api/admin/logout', { method: 'POST' });
}
