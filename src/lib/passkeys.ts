/**
 * Rider passkeys in the browser (DESIGN.md "Accounts that survive a lost phone"), with
 * @simplewebauthn/browser: add a passkey to this account, or sign in to an account with one. Both
 * need the network (the server checks every step).
 */
import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';

import {
  loginOptions,
  registerPasskey,
  registrationOptions,
  signInWithPasskey as signInContract,
} from '@/domain/contracts/passkeys';
import type { PasskeyAnswer } from '@/domain/passkey';
import { callApi } from '@/lib/api-client';

/** The browser's WebAuthn answer as the contract carries it (its inner fields are the server's to check). */
function answerOf(response: RegistrationResponseJSON | AuthenticationResponseJSON): PasskeyAnswer {
  return { response: response as unknown as PasskeyAnswer['response'] };
}

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function addPasskey(): Promise<void> {
  const optionsJSON = (await callApi(registrationOptions, {})) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON });
  await callApi(registerPasskey, { body: answerOf(response) });
}

/** Signs this browser in to the account the chosen passkey belongs to (the server swaps the session cookie). */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = (await callApi(loginOptions, {})) as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  await callApi(signInContract, { body: answerOf(response) });
}
