/**
 * Admin Dashboard (membership §2): Overview, Booking Agent, User Management, System Health and
 * Settings. The app layer composes it because its tabs host other features (the booking-agent
 * console, the staff dashboard's system-status panel); the layout around it checks the admin role.
 */
import { OverviewTab } from '@/features/admin/overview-tab';
import { SettingsTab } from '@/features/admin/settings-tab';
import { UserManagementTab } from '@/features/admin/user-management-tab';
import { BookingAgentConsole } from '@/features/booking-agent/booking-agent-console';
import { SystemStatusPanel } from '@/features/staff/system-status-panel';
import { PageHeader } from '@/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Admin Dashboard" backTo="/" backLabel="Back to Deckhand" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pb-8">
        <Tabs defaultValue="overview">
          <TabsList className="flex-wrap">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="booking-agent">Booking Agent</TabsTrigger>
            <TabsTrigger value="users">User Management</TabsTrigger>
            <TabsTrigger value="health">System Health</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="pt-4">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="booking-agent" className="pt-4">
            <BookingAgentConsole />
          </TabsContent>
          <TabsContent value="users" className="pt-4">
            <UserManagementTab />
          </TabsContent>
          <TabsContent value="health" className="pt-4">
            <SystemStatusPanel desk="admin" />
          </TabsContent>
          <TabsContent value="settings" className="pt-4">
            <SettingsTab />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
