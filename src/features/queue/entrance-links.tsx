/** Deep links to the terminal entrance (rider-core §2): Google Maps and Waze directions. */
import { Map as MapIcon, Navigation } from 'lucide-react';

import { googleMapsDirectionsUrl, wazeNavigationUrl } from '@/domain/map-links';
import type { Terminal } from '@/domain/terminals';
import { buttonVariants } from '@/ui/button';

export function EntranceLinks({ terminal }: { terminal: Terminal }) {
  const entrance = { lat: terminal.lat, lng: terminal.lng };
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Directions to the {terminal.name} entrance</h3>
      <div className="grid grid-cols-2 gap-2">
        <a
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          href={googleMapsDirectionsUrl(entrance)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MapIcon aria-hidden="true" className="size-4" />
          Google Maps
        </a>
        <a
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          href={wazeNavigationUrl(entrance)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Navigation aria-hidden="true" className="size-4" />
          Waze
        </a>
      </div>
    </div>
  );
}
