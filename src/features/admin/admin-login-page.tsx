/**
 * Admin and staff sign-in (membership §2 Admin login, §5, §8): username, password and an access
 * level (staff or admin). Success goes to the dashboard for the account's role; the server decides
 * the role, and refuses the admin level to a staff account.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { ApiError } from '@/lib/api-client';
import { dashboardPathFor, signInBackOffice, type AdminSession } from '@/lib/back-office';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminSession['role']>('staff');
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast.error('Missing Information', { description: 'Please enter both username and password' });
      return;
    }
    setPending(true);
    try {
      const admin = await signInBackOffice({ username: username.trim(), password, role });
      toast.success('Login Successful', { description: `Welcome, ${admin.username}` });
      await navigate(dashboardPathFor(admin.role));
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Invalid credentials';
      toast.error('Login Failed', { description: message || 'Invalid credentials' });
      setPending(false);
    }
  }

  return (
    <>
      <PageHeader title="Admin Login" backTo="/" backLabel="Back to Deckhand" />
      <Card className="mx-4" aria-label="Sign in">
        <CardHeader>
          <CardDescription>Staff and administrators sign in here.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
            <label className="flex flex-col gap-1 font-medium">
              Username
              <input
                className={fieldClass}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1 font-medium">
              Password
              <input
                className={fieldClass}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium">Access Level</legend>
              {(['staff', 'admin'] as const).map((level) => (
                <label key={level} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="role"
                    value={level}
                    checked={role === level}
                    onChange={() => setRole(level)}
                    className="size-5"
                  />
                  {level === 'staff' ? 'Staff' : 'Admin'}
                </label>
              ))}
            </fieldset>
            <Button type="submit" disabled={pending}>
              {pending ? 'Signing In...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
