/**
 * "Your Stickers": the digital stickers the rider claimed with reward points (rewards tab), as the
 * server's profile lists them; shown only once there is one.
 */
import { Sticker } from 'lucide-react';

import type { RiderProfile } from '@/domain/membership';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

export function StickerCard({ stickers }: { stickers: NonNullable<RiderProfile['stickers']> }) {
  if (stickers.length === 0) return null;
  return (
    <Card aria-labelledby="profile-stickers">
      <CardHeader>
        <CardTitle id="profile-stickers">Your Stickers</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="profile-stickers" className="grid grid-cols-2 gap-2">
          {stickers.map((sticker) => (
            <li
              key={sticker.rewardId}
              className="flex flex-col items-center gap-1 rounded-md bg-secondary p-3 text-center"
              title={sticker.description}
            >
              <Sticker aria-hidden="true" className="size-8 text-primary" />
              <span className="text-sm font-medium break-words">{sticker.name}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
