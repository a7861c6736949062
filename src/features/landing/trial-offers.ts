/**
 * The Premium and Ninja plans' 7-day free trial on the landing page (membership §9), drawn without
 * React (the landing page is a brochure: ./brochure.ts). Each plan's slot (`data-trial-tier`) holds
 * the plan's link; while this browser's rider may still take the trial, the slot shows the trial's
 * button instead, with the words and look of every other trial offer (@/ui/trial-offer-look).
 *
 * - Online it opens no device database and runs no sync engine: whether the trial is on offer is the
 *   server's profile to say (GET /api/users/profile, one request for both plans).
 * - The press makes the device's trial request (the outbox, so a request made without signal is sent
 *   once it returns): the device database loads with it, not with the page.
 * - Only when the server does not answer (offline) does the offer come from the device: the cached
 *   profile, and a request already waiting or refused; the profile is then asked for again.
 */
import type { TrialRequestOutcome } from '@/data/trials';
import { getProfile } from '@/domain/contracts/users';
import { canStartTrial, TRIAL_TIER_NAMES, TRIAL_TIERS, type TrialTier } from '@/domain/membership';
import { callApi } from '@/lib/api-client';
import { buttonVariants, type ButtonVariant } from '@/ui/button-variants';
import {
  TRIAL_FAILED_CLASS,
  TRIAL_STARTING_TEXT,
  TRIAL_WAITING_CLASS,
  trialButtonText,
  trialFailedText,
  trialWaitingText,
} from '@/ui/trial-offer-look';

export interface TrialOffersOptions {
  /** Mounts a toast area for the outcome's toast (a page without the app's own, as /landing is). */
  showToasts?: () => Promise<void>;
}

type Shown =
  { state: 'none' | 'available' | 'starting' | 'waiting' } | { state: 'failed'; message: string | undefined };

interface Actions {
  start: () => Promise<TrialRequestOutcome>;
  dismiss: () => Promise<void>;
}

interface Slot {
  element: HTMLElement;
  tier: TrialTier;
  variant: ButtonVariant;
  /** What the plan shows when there is no offer: its link, as the HTML has it. */
  otherwise: Node[];
}

function slotsIn(root: ParentNode): Slot[] {
  return [...root.querySelectorAll<HTMLElement>('[data-trial-tier]')].flatMap((element) => {
    const tier = TRIAL_TIERS.find((t) => t === element.dataset.trialTier);
    if (!tier) return [];
    const variant: ButtonVariant = element.dataset.trialVariant === 'default' ? 'default' : 'outline';
    return [{ element, tier, variant, otherwise: [...element.childNodes] }];
  });
}

function button(className: string, text: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  element.disabled = disabled;
  element.addEventListener('click', onClick);
  return element;
}

/** The device's database and trial requests: loaded with the press (or offline), never with the page. */
async function deviceDatabase() {
  const [{ db }, trials] = await Promise.all([import('@/data/db'), import('@/data/trials')]);
  return { db, trials };
}

function outcomeShown(outcome: TrialRequestOutcome): Shown {
  if (outcome.state === 'started') return { state: 'none' };
  if (outcome.state === 'waiting') return { state: 'waiting' };
  return { state: 'failed', message: outcome.message };
}

export function startTrialOffers(root: ParentNode, options: TrialOffersOptions = {}): () => void {
  const slots = slotsIn(root);
  const drawn = new Map<Slot, Shown>();
  let active = true;

  function draw(slot: Slot, shown: Shown, actions: Actions) {
    if (!active) return;
    drawn.set(slot, shown);
    const name = TRIAL_TIER_NAMES[slot.tier];
    const redraw = (next: Shown) => draw(slot, next, actions);
    const start = async () => {
      redraw({ state: 'starting' });
      const announce = Promise.all([import('@/ui/trial-outcome-toast'), options.showToasts?.()]).catch(() => null);
      const outcome = await actions.start().catch((error: unknown): TrialRequestOutcome => ({
        state: 'failed',
        message: error instanceof Error ? error.message : 'The trial could not be started.',
      }));
      (await announce)?.[0].announceTrialOutcome(name, outcome);
      redraw(outcomeShown(outcome));
    };
    const dismiss = async () => {
      await actions.dismiss().catch(() => undefined);
      redraw({ state: 'available' });
    };

    const pressed = slot.element.firstElementChild;
    if (shown.state === 'starting' && pressed instanceof HTMLButtonElement) {
      // The pressed button itself says it is starting: it keeps the keyboard's focus.
      pressed.textContent = TRIAL_STARTING_TEXT;
      pressed.disabled = true;
    } else if (shown.state === 'none') slot.element.replaceChildren(...slot.otherwise);
    else if (shown.state === 'available' || shown.state === 'starting')
      slot.element.replaceChildren(
        button(
          buttonVariants({ variant: slot.variant }),
          shown.state === 'starting' ? TRIAL_STARTING_TEXT : trialButtonText(name),
          () => void start(),
          shown.state === 'starting',
        ),
      );
    else if (shown.state === 'waiting') {
      const note = document.createElement('p');
      note.setAttribute('role', 'status');
      note.className = TRIAL_WAITING_CLASS;
      note.textContent = trialWaitingText(name);
      slot.element.replaceChildren(note);
    } else if (shown.state === 'failed') {
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      alert.className = TRIAL_FAILED_CLASS;
      const reason = document.createElement('span');
      reason.textContent = trialFailedText(name, shown.message);
      alert.append(
        reason,
        button(buttonVariants({ variant: 'ghost', size: 'sm' }), 'Dismiss', () => void dismiss()),
      );
      slot.element.replaceChildren(alert);
    }
  }

  /** The server's answer decides; the press goes through the device's outbox. */
  function fromServer(canStart: (tier: TrialTier) => boolean) {
    for (const slot of slots) {
      const actions: Actions = {
        start: async () => {
          const { db, trials } = await deviceDatabase();
          return trials.requestTrial(db, slot.tier);
        },
        dismiss: async () => {
          const { db, trials } = await deviceDatabase();
          await trials.dismissTrialFailure(db, slot.tier);
        },
      };
      draw(slot, { state: canStart(slot.tier) ? 'available' : 'none' }, actions);
    }
  }

  /** Offline: the device's cached profile and its waiting or refused request decide. */
  async function fromDevice() {
    const [{ db, trials }, { ensureSession }] = await Promise.all([deviceDatabase(), import('@/data/profile')]);
    const drawAll = async () => {
      for (const slot of slots) {
        const offer = await trials.readTrialOffer(db, slot.tier);
        // A press under way keeps its button until it has its answer.
        if (drawn.get(slot)?.state === 'starting') continue;
        const shown: Shown = !offer
          ? { state: 'none' }
          : offer.status === 'failed'
            ? { state: 'failed', message: offer.message }
            : { state: offer.status };
        draw(slot, shown, {
          start: () => trials.requestTrial(db, slot.tier),
          dismiss: () => trials.dismissTrialFailure(db, slot.tier),
        });
      }
    };
    await drawAll();
    // The next answer may come with signal: the profile it brings decides then.
    await ensureSession(db).then(drawAll, () => undefined);
  }

  if (slots.length > 0)
    void callApi(getProfile, {})
      .then(
        (profile) => fromServer((tier) => canStartTrial(tier, profile.membershipType, profile.trialsUsed)),
        () => (active ? fromDevice() : undefined),
      )
      .catch((error: unknown) => console.warn('The trial offer could not be read', error));

  return () => {
    active = false;
    for (const slot of slots) slot.element.replaceChildren(...slot.otherwise);
  };
}
