/** Admin Login (membership §2). The page's content is specified there and built by its own issue; this file owns its route entry point. */
import { PageHeader } from '@/ui/page-header';

export function AdminLoginPage() {
  return <PageHeader title="Admin Login" backTo="/" backLabel="Back to Deckhand" />;
}
