import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { currentSession, signIn } from '@/domain/contracts/back-office-auth';

import { fakeApi, reply, type FakeApi } from '../kit/client/fake-api';
import { SETTLED } from '../kit/settled';
import { changeValue } from './user-input';

/** Where the router is now, for the assertions on redirects. */
const location = { pathname: '' };
function LocationProbe() {
  location.pathname = useLocation().pathname;
  return null;
}

/** Rendered inside an awaited act(): a page whose code is still loading suspends, and React retries it only there. */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <>
        <Toaster />
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </>,
    );
  });
}

const unauthorized = reply(401, { error: 'unauthorized', message: 'Sign in to the back office to continue' });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  localStorage.clear();
});
afterEach(cleanup);

describe('back-office screens', () => {
  it.each(['/admin/dashboard', '/staff/dashboard'])('%s sends a signed-out visitor to the login page', async (path) => {
    api.answer(currentSession, unauthorized);
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    expect(location.pathname).toBe('/admin/login');
  });

  it('shows a staff member at the admin dashboard an "admin only" screen', async () => {
    api.answer(currentSession, { admin: { username: 'deckhand1', role: 'staff' } });
    await renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin only' })).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toContain('deckhand1');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows an admin the staff dashboard with who is signed in and Sign Out', async () => {
    api.answer(currentSession, { admin: { username: 'chief', role: 'admin' } });
    await renderAt('/staff/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('asks for both fields before calling the server', async () => {
    await renderAt('/admin/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please enter both username and password')).toBeTruthy();
    expect(api.callsTo(signIn)).toEqual([]);
  });

  it('shows the server message when sign-in fails', async () => {
    api.answer(signIn, reply(401, { error: 'invalid_credentials', message: 'Invalid username or password' }));
    await renderAt('/admin/login');
    changeValue(await screen.findByLabelText('Username'), { target: { value: 'chief' } });
    changeValue(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(api.callsTo(signIn).map((call) => call.body)).toEqual([
      { username: 'chief', password: 'nope', role: 'admin' },
    ]);
  });

  it('signs in and goes to the dashboard of the role, remembering adminSession for display', async () => {
    api
      .answer(signIn, { admin: { username: 'chief', role: 'admin' } })
      .answer(currentSession, { admin: { username: 'chief', role: 'admin' } });
    await renderAt('/admin/login');
    changeValue(await screen.findByLabelText('Username'), { target: { value: 'chief' } });
    changeValue(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await vi.waitFor(() => expect(location.pathname).toBe('/admin/dashboard'), SETTLED);
    expect(JSON.parse(localStorage.getItem('adminSession') ?? 'null')).toEqual({ username: 'chief', role: 'admin' });
  });
});
