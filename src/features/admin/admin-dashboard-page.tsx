/** Admin Dashboard (membership §2). Its tabs come with the back-office screens; the layout around it checks the admin role and shows who is signed in. */
import { PageHeader } from '@/ui/page-header';

export function AdminDashboardPage() {
  return <PageHeader title="Admin Dashboard" backTo="/" backLabel="Back to Deckhand" />;
}
