import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { passkeyAnswerSchema, passkeyOptionsSchema } from '@/domain/passkey';

/** A browser's RegistrationResponseJSON, as navigator.credentials.create() hands it over. */
const registration = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
  clientExtensionResults: { credProps: { rk: true } },
  authenticatorAttachment: 'platform',
};

const answer = (patch: Record<string, unknown>) =>
  z.safeParse(passkeyAnswerSchema, { response: { ...registration, ...patch } });

describe('a passkey ceremony on the wire (DESIGN.md "Accounts that survive a lost phone")', () => {
  it("accepts the browser's answer as it is, keeping what the authenticator said", () => {
    const parsed = answer({});
    expect(parsed.success).toBe(true);
    expect(parsed.data?.response).toEqual(registration);
  });

  it('fills in no extension results as an empty set, and takes an answer without an attachment', () => {
    const { clientExtensionResults: _, authenticatorAttachment: __, ...bare } = registration;
    const parsed = z.safeParse(passkeyAnswerSchema, { response: bare });
    expect(parsed.data?.response.clientExtensionResults).toEqual({});
    expect(parsed.data?.response.authenticatorAttachment).toBeUndefined();
  });

  it('refuses a credential of any other type than public-key', () => {
    expect(answer({ type: 'password' }).success).toBe(false);
  });

  it('refuses an empty credential id, and one past 1024 characters', () => {
    expect(answer({ id: '' }).success).toBe(false);
    expect(answer({ rawId: '' }).success).toBe(false);
    expect(answer({ id: 'a'.repeat(1024), rawId: 'a'.repeat(1024) }).success).toBe(true);
    expect(answer({ id: 'a'.repeat(1025) }).success).toBe(false);
    expect(answer({ rawId: 'a'.repeat(1025) }).success).toBe(false);
  });

  it("refuses an answer without the authenticator's response", () => {
    expect(answer({ response: undefined }).success).toBe(false);
    expect(answer({ response: 'signed' }).success).toBe(false);
    expect(z.safeParse(passkeyAnswerSchema, registration).success).toBe(false);
  });

  it('passes the ceremony options to the browser with every field kept, and needs their challenge', () => {
    const options = { challenge: 'c2FtcGxl', rp: { name: 'Deckhand' }, timeout: 60_000 };
    expect(z.parse(passkeyOptionsSchema, options)).toEqual(options);
    expect(z.safeParse(passkeyOptionsSchema, { rp: { name: 'Deckhand' } }).success).toBe(false);
  });
});
