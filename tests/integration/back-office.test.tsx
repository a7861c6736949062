import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AppRoutes } from '@/app/router';
import { ApiError } from '@/lib/api-client';

const apiRequest = vi.fn();
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  apiRequest: (...args: unknown[]) => apiRequest(...args),
}));

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

const unauthorized = () => new ApiError(401, JSON.stringify({ error: 'unauthorized', message: 'Sign in to the back office to continue' }), 'Unauthorized');

beforeEach(() => {
  apiRequest.mockReset();
  localStorage.clear();
});
afterEach(cleanup);

describe('back-office screens', () => {
  it.each(['/admin/dashboard', '/staff/dashboard'])('%s sends a signed-out visitor to the login page', async (path) => {
    apiRequest.mockRejectedValue(unauthorized());
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    expect(location.pathname).toBe('/admin/login');
  });

  it('shows a staff member at the admin dashboard an "admin only" screen', async () => {
    apiRequest.mockResolvedValue({ admin: { username: 'deckhand1', role: 'staff' } });
    await renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin only' })).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toContain('deckhand1');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows an admin the staff dashboard with who is signed in and Sign Out', async () => {
    apiRequest.mockResolvedValue({ admin: { username: 'chief', role: 'admin' } });
    await renderAt('/staff/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('asks for both fields before calling the server', async () => {
    await renderAt('/admin/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please enter both username and password')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('shows the server message when sign-in fails', async () => {
    apiRequest.mockRejectedValue(new ApiError(401, JSON.stringify({ error: 'invalid_credentials', message: 'Invalid username or password' }), ''));
    await renderAt('/admin/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'chief' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('/api/admin/login', { method: 'POST', body: { username: 'chief', password: 'nope', role: 'admin' } });
  });

  it('signs in and goes to the dashboard of the role, remembering adminSession for display', async () => {
    apiRequest.mockResolvedValue({ admin: { username: 'chief', role: 'admin' } });
    await renderAt('/admin/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'chief' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await vi.waitFor(() => expect(location.pathname).toBe('/admin/dashboard'));
    expect(JSON.parse(localStorage.getItem('adminSession') ?? 'null')).toEqual({ username: 'chief', role: 'admin' });
  });
});
