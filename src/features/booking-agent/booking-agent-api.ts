/** The console's calls (membership §7), all through the one api-client. */
import type { AgentStatusView, MonitorInput } from '@/domain/booking-agent';
import { apiRequest } from '@/lib/api-client';

export interface MailboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string | null;
  subject: string;
  status: 'stored' | 'sent' | 'failed' | 'no_address';
  createdAt: string;
}

const key = () => crypto.randomUUID();

export const startAgent = () => apiRequest<{ started: boolean; message: string }>('/api/booking-agent/start', { method: 'POST', idempotencyKey: key() });
export const startMonitoring = (input: MonitorInput) =>
  apiRequest<AgentStatusView>('/api/booking-agent/monitor', { method: 'POST', body: input, idempotencyKey: key() });
export const stopMonitoring = (userId: number) =>
  apiRequest<AgentStatusView>(`/api/booking-agent/stop/${userId}`, { method: 'POST', idempotencyKey: key() });
