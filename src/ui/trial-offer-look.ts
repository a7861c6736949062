/**
 * What a free-trial offer says and how it looks (membership §9), wherever it is drawn: by React
 * (./trial-offer-button.tsx) or by the landing page, which draws without React. The button never
 * mentions money: nothing is charged.
 */
import type { TrialRequestOutcome } from '@/data/trials';

export const TRIAL_STARTING_TEXT = 'Starting...';
export const TRIAL_WAITING_CLASS = 'rounded-md bg-secondary p-3 text-sm';
export const TRIAL_FAILED_CLASS =
  'flex items-center justify-between gap-2 rounded-md border border-destructive p-3 text-sm';

export function trialButtonText(name: string): string {
  return `Start 7-day free ${name} trial`;
}

export function trialWaitingText(name: string): string {
  return `Your 7-day free ${name} trial starts as soon as you are back online.`;
}

export function trialFailedText(name: string, message: string | undefined): string {
  return message ?? `The ${name} trial could not be started.`;
}

/** The toast for how a trial request went: the tier's name and a line under it. */
export function trialOutcomeToast(
  name: string,
  outcome: TrialRequestOutcome,
): { kind: 'success' | 'message' | 'error'; title: string; description: string } {
  if (outcome.state === 'started')
    return { kind: 'success', title: `${name} trial started`, description: 'Enjoy 7 days free. Nothing is charged.' };
  if (outcome.state === 'waiting')
    return {
      kind: 'message',
      title: `${name} trial requested`,
      description: 'It starts as soon as you are back online.',
    };
  return { kind: 'error', title: 'Could not start the trial', description: outcome.message };
}
