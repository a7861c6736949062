/**
 * Staff Dashboard (membership §2): Booking Monitoring, Active Alerts, System Status and Operations
 * (the queues staff work through). Every figure is read from the server, which checks the role.
 */
import { Link } from 'react-router-dom';

import { buttonVariants } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';

import { ComplaintQueue } from './complaint-queue';
import { ActiveAlerts, BookingMonitoring } from './monitoring-tabs';
import { OrderQueue } from './order-queue';
import { PassReview } from './pass-review';
import { RewardClaimQueue } from './reward-claim-queue';
import { SystemStatusPanel } from './system-status-panel';

export function StaffDashboardPage() {
  return (
    <>
      <PageHeader title="Staff Dashboard" backTo="/" backLabel="Back to Deckhand" />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 pb-8">
        <Link to="/staff/verify" className={buttonVariants({ variant: 'outline', className: 'w-fit' })}>
          Verify a pass
        </Link>
        <Tabs defaultValue="operations">
          <TabsList className="flex-wrap">
            <TabsTrigger value="monitoring">Booking Monitoring</TabsTrigger>
            <TabsTrigger value="alerts">Active Alerts</TabsTrigger>
            <TabsTrigger value="status">System Status</TabsTrigger>
            <TabsTrigger value="operations">Operations</TabsTrigger>
          </TabsList>
          <TabsContent value="monitoring" className="pt-4">
            <BookingMonitoring />
          </TabsContent>
          <TabsContent value="alerts" className="pt-4">
            <ActiveAlerts />
          </TabsContent>
          <TabsContent value="status" className="pt-4">
            <SystemStatusPanel desk="staff" />
          </TabsContent>
          {/* Riders' text (a 200-character delivery place, a pass description) wraps anywhere instead of widening the page. */}
          <TabsContent
            value="operations"
            className="grid gap-6 pt-4 [overflow-wrap:anywhere] md:grid-cols-2 [&>*]:min-w-0"
          >
            <PassReview />
            <OrderQueue />
            <ComplaintQueue />
            <RewardClaimQueue />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
