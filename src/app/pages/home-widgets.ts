/** The home page's lazily loaded widgets, one chunk (see ./home-page.tsx). */
export { BannerCarousel } from '@/features/banners/banner-carousel';
export { NotificationBell } from '@/features/inbox/notification-bell';
export { MembershipCards } from '@/features/membership/membership-cards';
export { PeaceOfMindCard } from '@/features/peace-of-mind/peace-of-mind-card';
export { LiveTrackerCard } from '@/features/tracker/live-tracker-card';
export { ExploreSafelyCard } from '@/features/explore/explore-safely-card';
export { ComplaintEngine } from '@/features/complaints/complaint-engine';
export { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';
export { ArrivalTimerWidget } from '@/features/arrival-timer/arrival-timer-widget';
export { ChatWidget } from '@/features/chat/chat-widget';
export { StorePreview } from '@/features/store/store-preview';
