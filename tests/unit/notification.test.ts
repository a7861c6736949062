import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  NOTIFICATION_KINDS,
  notificationListSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@/domain/notification';

const notification = {
  id: 1,
  key: 'away:s1:return',
  kind: 'away_alert',
  title: 'Time to head back to your vehicle',
  body: 'Boarding starts in about 5 minutes. Leave Coffee Bar now.',
  url: '/app?away=open',
  createdAt: '2026-07-10T23:00:00.000Z',
  readAt: null,
};

describe('the notification inbox (rider-core §2 Home "notification bell"; docs/DESIGN.md "Placeholders become live values")', () => {
  it('answers the items with the unread count the bell shows', () => {
    const list = z.parse(notificationListSchema, { items: [notification], unreadCount: 1 });
    expect(list.unreadCount).toBe(1);
    expect(list.items[0]).toEqual(notification);
    expect(z.safeParse(notificationListSchema, { items: [], unreadCount: 0 }).success).toBe(true);
  });

  it('knows every kind of alert the server sends, and no other', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(z.safeParse(notificationListSchema, { items: [{ ...notification, kind }], unreadCount: 1 }).success).toBe(
        true,
      );
    }
    const unknown = { items: [{ ...notification, kind: 'advert' }], unreadCount: 1 };
    expect(z.safeParse(notificationListSchema, unknown).success).toBe(false);
  });

  it('needs a whole unread count', () => {
    expect(z.safeParse(notificationListSchema, { items: [], unreadCount: 0.5 }).success).toBe(false);
  });
});

describe('Web Push subscriptions (docs/security.md: a subscription is checked when stored)', () => {
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(pushSubscriptionInputSchema, { ...subscription, ...patch }).success;

  it("takes the browser's PushSubscription as it serialises it", () => {
    expect(accepts({})).toBe(true);
    expect(accepts({ expirationTime: undefined })).toBe(true);
  });

  it('refuses an endpoint that is not a URL or past 2000 characters, and empty keys', () => {
    expect(accepts({ endpoint: 'not a url' })).toBe(false);
    expect(accepts({ endpoint: `https://push.example.com/${'a'.repeat(2000)}` })).toBe(false);
    expect(accepts({ keys: { p256dh: '', auth: 'x' } })).toBe(false);
    expect(accepts({ keys: { p256dh: 'x', auth: '' } })).toBe(false);
    expect(accepts({ keys: { p256dh: 'x'.repeat(201), auth: 'x' } })).toBe(false);
  });

  it('stops a subscription by its endpoint', () => {
    expect(z.safeParse(pushUnsubscribeInputSchema, { endpoint: subscription.endpoint }).success).toBe(true);
    expect(z.safeParse(pushUnsubscribeInputSchema, { endpoint: '' }).success).toBe(false);
  });
});
