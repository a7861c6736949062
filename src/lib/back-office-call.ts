/**
 * A back-office change sent once: each call carries a fresh Idempotency-Key, so a retry by the
 * network layer cannot apply a decision twice. Errors come back as the server's `message`.
 */
import type { CallInput, Contract, SuccessOf } from '@/domain/contracts/contract';
import { ApiError, callApi } from '@/lib/api-client';

/** A back-office change through its contract, with a fresh Idempotency-Key; the answer is checked against the contract. */
export function backOfficeCall<C extends Contract>(contract: C, input: CallInput<C>): Promise<SuccessOf<C>> {
  return callApi(contract, input, { idempotencyKey: crypto.randomUUID() });
}

/** The server's `message` for a refused request, else a generic line. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : 'The server could not be reached. Try again.';
}
