/**
 * Rider passkeys in the browser (DESIGN.md "Accounts that survive a lost phone"), with
 * @simplewebauthn/browser: add a passkey to this account, or sign in to an account with one. Both
 * need the network (the server checks every step).
 */
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/api-client';

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function addPasskey(): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/passkeys/register/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  await apiRequest('/api/passkeys/register/verify', { method: 'POST', body: { response } });
}

/** Signs this browser in to the account the chosen passkey belongs to (the server swaps the session cookie). */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/login/options', { method: 'POST' });
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('/api/passkeys/login/verify', { method: 'POST', body: { response } });
}
