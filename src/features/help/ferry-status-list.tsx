/** "Current Ferry Status" (rider-core §2, §7): the first 4 cached ferries with status and next departure. */
import { ferryStatusTone, type Ferry } from '@/domain/ferry';
import { formatClock } from '@/domain/time';
import { Badge } from '@/ui/badge';

/** rider-core §7: "first 4 on help page". */
export const HELP_FERRY_COUNT = 4;

const STATUS_TEXT: Record<string, string> = { docked: 'Docked', en_route: 'En route' };

export function FerryStatusList({ ferries, labelledBy }: { ferries: readonly Ferry[]; labelledBy: string }) {
  if (ferries.length === 0)
    return <p className="text-sm text-muted-foreground">Ferry status loads the first time you are online.</p>;
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {ferries.slice(0, HELP_FERRY_COUNT).map((ferry) => {
        const tone = ferryStatusTone(ferry.status);
        return (
          <li
            key={ferry.id}
            className="flex items-center justify-between gap-2 rounded-md border border-border bg-surface p-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium">{ferry.name}</p>
              <p className="text-muted-foreground">
                {ferry.route} · departs {formatClock(ferry.departureTime)}
              </p>
            </div>
            <Badge variant={tone === 'destructive' ? 'destructive' : tone === 'en_route' ? 'default' : 'secondary'}>
              {STATUS_TEXT[ferry.status] ?? ferry.status.replace(/_/g, ' ')}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
