/**
 * The frame of the back-office dashboards (DESIGN.md "Roles are enforced by the server"): it asks
 * the server who is signed in (GET /api/admin/session) before showing the page. Signed out → the
 * login page; a staff account on an admin page → a clear "admin only" screen. The bar shows who is
 * signed in and a Sign Out that returns to /admin/login. Offline, the locally remembered
 * adminSession is shown (every API call still needs the cookie).
 */
import { ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useNavigate } from 'react-router-dom';

import { ApiError } from '@/lib/api-client';
import {
  ADMIN_SESSION_KEY,
  dashboardPathFor,
  fetchBackOfficeSession,
  signOutBackOffice,
  storedAdminSession,
  type AdminSession,
} from '@/lib/back-office';
import { Button, buttonVariants } from '@/ui/button';
import { Card, CardContent, CardHeader } from '@/ui/card';
import { useDocumentTitle } from '@/ui/use-document-title';

type Check = { state: 'checking' } | { state: 'signed-out' } | { state: 'signed-in'; session: AdminSession };

export function BackOfficeLayout({ need }: { need: AdminSession['role'] }) {
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  useEffect(() => {
    let live = true;
    fetchBackOfficeSession()
      .then((session) => live && setCheck({ state: 'signed-in', session }))
      .catch((error: unknown) => {
        if (!live) return;
        const remembered = storedAdminSession();
        if (error instanceof ApiError || !remembered) {
          if (error instanceof ApiError && error.status === 401) localStorage.removeItem(ADMIN_SESSION_KEY);
          setCheck({ state: 'signed-out' });
        } else setCheck({ state: 'signed-in', session: remembered });
      });
    return () => {
      live = false;
    };
  }, []);

  async function onSignOut() {
    await signOutBackOffice().catch(() => undefined);
    await navigate('/admin/login');
  }

  if (check.state === 'checking') return <p className="p-4 text-muted-foreground">Checking your sign-in...</p>;
  if (check.state === 'signed-out') return <Navigate to="/admin/login" replace />;
  const { session } = check;
  return (
    <>
      <div
        className="flex items-center justify-between gap-3 border-b border-border px-4 py-2 text-sm"
        role="status"
        aria-label="Signed in"
      >
        <span>
          Signed in as <strong>{session.username}</strong> ({session.role === 'admin' ? 'Admin' : 'Staff'})
        </span>
        <Button size="sm" variant="outline" onClick={() => void onSignOut()}>
          Sign Out
        </Button>
      </div>
      {need === 'admin' && session.role !== 'admin' ? (
        <AdminOnly staffPath={dashboardPathFor(session.role)} />
      ) : (
        <Outlet />
      )}
    </>
  );
}

function AdminOnly({ staffPath }: { staffPath: string }) {
  useDocumentTitle('Admin only');
  return (
    <Card className="m-4" aria-labelledby="admin-only">
      <CardHeader className="flex-row items-center gap-2">
        <ShieldAlert aria-hidden="true" className="size-6 text-destructive" />
        <h1 id="admin-only" className="text-xl font-semibold">
          Admin only
        </h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p>This page is for administrators. Your account has staff access.</p>
        <Link to={staffPath} className={buttonVariants({ className: 'w-fit' })}>
          Go to the Staff Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}
