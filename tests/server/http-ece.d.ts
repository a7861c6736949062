/**
 * Types for the parts of `http_ece` (RFC 8188 Encrypted Content-Encoding, the library web-push itself
 * encrypts with) that the Web Push delivery test uses to decrypt what the server sent.
 */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's ECDH key pair (the browser's subscription key). */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret, base64url. */
    authSecret: string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
