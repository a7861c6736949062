import { describe, expect, it } from 'vitest';

import { complaintStateLabel } from '@/features/complaints/complaint-state-label';

describe('complaintStateLabel', () => {
  it('says a queued complaint will go when the rider is back online', () => {
    expect(complaintStateLabel({ syncState: 'queued' })).toBe("Queued — sends when you're back online");
  });

  it('gives the reason a complaint was not sent', () => {
    expect(complaintStateLabel({ syncState: 'failed', syncError: 'Description is required' })).toBe(
      'Not sent: Description is required',
    );
    expect(complaintStateLabel({ syncState: 'failed' })).toBe('Not sent');
  });

  it('shows the server status once known, else "Sent"', () => {
    expect(complaintStateLabel({ syncState: 'sent' })).toBe('Sent');
    expect(complaintStateLabel({ syncState: 'sent', status: 'received' })).toBe('Received');
    expect(complaintStateLabel({ syncState: 'sent', status: 'in_review' })).toBe('In review');
    expect(complaintStateLabel({ syncState: 'sent', status: 'resolved' })).toBe('Resolved');
  });
});
