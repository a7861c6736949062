/** Staff Dashboard (membership §2). Its tabs come with the back-office screens; the layout around it checks for a staff or admin sign-in and shows who it is. */
import { PageHeader } from '@/ui/page-header';

export function StaffDashboardPage() {
  return <PageHeader title="Staff Dashboard" backTo="/" backLabel="Back to Deckhand" />;
}
