/**
 * Rider passkeys on the wire (DESIGN.md "Accounts that survive a lost phone"): the browser's answer
 * to a ceremony (WebAuthn's RegistrationResponseJSON / AuthenticationResponseJSON) as the server
 * accepts it, and the ceremony options it sends (WebAuthn's option JSON, passed to the browser as
 * they are: only the challenge is named here).
 */
import { z } from 'zod/mini';

export const passkeyAnswerSchema = z.object({
  response: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(1024)),
    rawId: z.string().check(z.minLength(1), z.maxLength(1024)),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
    authenticatorAttachment: z.optional(z.string()),
  }),
});
export type PasskeyAnswer = z.input<typeof passkeyAnswerSchema>;

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON: every field is kept. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
