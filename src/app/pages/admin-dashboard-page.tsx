/**
 * Admin Dashboard (membership §2). The app layer composes it because its Booking Agent tab hosts
 * another feature's console; the layout around it checks the admin role and shows who is signed in.
 */
import { PageHeader } from '@/ui/page-header';
import { BookingAgentConsole } from '@/features/booking-agent/booking-agent-console';

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Admin Dashboard" backTo="/" backLabel="Back to Deckhand" />
      <BookingAgentConsole />
    </>
  );
}
