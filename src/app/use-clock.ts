/** The current time, refreshed every CLOCK_REFRESH_MS (rider-core §9: clock refresh 60 s). */
import { useEffect, useState } from 'react';
import { CLOCK_REFRESH_MS } from '@/domain/constants';

export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
