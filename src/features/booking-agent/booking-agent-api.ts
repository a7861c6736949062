/** The console's writes (membership §7), each through its contract with a fresh Idempotency-Key. */
import type { MonitorInput } from '@/domain/booking-agent';
import { startAgent as startAgentCall, startMonitor, stopMonitor } from '@/domain/contracts/booking-agent';
import { callApi } from '@/lib/api-client';

const key = () => crypto.randomUUID();

export const startAgent = () => callApi(startAgentCall, {}, { idempotencyKey: key() });
export const startMonitoring = (input: MonitorInput) =>
  callApi(startMonitor, { body: input }, { idempotencyKey: key() });
export const stopMonitoring = (userId: number) =>
  callApi(stopMonitor, { params: { userId } }, { idempotencyKey: key() });
