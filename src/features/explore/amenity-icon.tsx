/** rider-core §3: coffee, food and restroom icons; any other amenity type shows the restroom icon. */
import { Coffee, Toilet, Utensils } from 'lucide-react';

import { amenityIcon } from '@/domain/away';

export function AmenityIcon({ type, className }: { type: string; className?: string }) {
  const icon = amenityIcon(type);
  const Icon = icon === 'coffee' ? Coffee : icon === 'food' ? Utensils : Toilet;
  return <Icon aria-hidden="true" data-icon={icon} className={className} />;
}
