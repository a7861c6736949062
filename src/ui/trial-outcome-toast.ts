/** Says how a trial request went in a toast (./trial-offer-look.ts): loaded with the press, with the toast library. */
import type { TrialRequestOutcome } from '@/data/trials';
import { toast } from '@/lib/toast';
import { trialOutcomeToast } from '@/ui/trial-offer-look';

export function announceTrialOutcome(name: string, outcome: TrialRequestOutcome): void {
  const { kind, title, description } = trialOutcomeToast(name, outcome);
  if (kind === 'success') toast.success(title, { description });
  else if (kind === 'error') toast.error(title, { description });
  else toast(title, { description });
}
