/**
 * The complaint dialog (rider-core §2, §5). Every complaint says where it happened: a terminal
 * select, the rider's own terminal chosen to start with. Two forms:
 * - a quick complaint (Delay, Cleanliness, Staff): the canned description shown for confirmation,
 *   an optional note, and "Send Complaint";
 * - "Other": a category select and a description; submit stays disabled until a category is chosen
 *   and the description is non-blank after trimming.
 * No option carries an empty-string value (rider-core §5): "nothing chosen yet" is a disabled prompt
 * option. The form lives inside the dialog, so closing the dialog clears it.
 */
import { useId, useState, type FormEvent } from 'react';

import {
  canSubmitComplaintDialog,
  COMPLAINT_CATEGORIES,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_NOTE_MAX,
  QUICK_COMPLAINTS,
  type ComplaintCategory,
  type ComplaintInput,
} from '@/domain/complaint';
import { PICKABLE_TERMINAL_IDS } from '@/domain/rider-terminal';
import { terminalById } from '@/domain/terminals';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldClass } from '@/ui/field';

import { CATEGORY_LABELS } from './complaint-state-label';

const NO_CATEGORY = 'choose';

type QuickComplaint = (typeof QUICK_COMPLAINTS)[number];
/** What the dialog files: a quick complaint's category, or 'other' for the free form. */
export type ComplaintDraft = QuickComplaint | 'other';

interface ComplaintDialogProps {
  draft: ComplaintDraft | null;
  /** The rider's terminal, chosen in the select to start with. */
  terminalId: string;
  onClose: () => void;
  onSubmit: (input: ComplaintInput) => void;
}

export function ComplaintDialog({ draft, terminalId, onClose, onSubmit }: ComplaintDialogProps) {
  const quick = draft !== null && draft !== 'other' ? draft : null;
  return (
    <Dialog
      open={draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title={quick ? `Report: ${quick.label}` : 'Submit a Complaint'}
      description={
        quick ? 'Check where it happened and add a note if it helps the terminal team.' : 'Tell us what went wrong.'
      }
    >
      {draft === null ? null : (
        <ComplaintForm
          key={quick?.category ?? 'other'}
          quick={quick}
          terminalId={terminalId}
          onCancel={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Dialog>
  );
}

function isCategory(value: string): value is ComplaintCategory {
  return (COMPLAINT_CATEGORIES as readonly string[]).includes(value);
}

function ComplaintForm({
  quick,
  terminalId: riderTerminalId,
  onCancel,
  onSubmit,
}: {
  quick: QuickComplaint | null;
  terminalId: string;
  onCancel: () => void;
  onSubmit: (input: ComplaintInput) => void;
}) {
  const terminalFieldId = useId();
  const categoryId = useId();
  const descriptionId = useId();
  // The rider's terminal until they pick another (it may arrive from the device store after opening).
  const [picked, setPicked] = useState<string | null>(null);
  const terminalId = picked ?? riderTerminalId;
  const [category, setCategory] = useState<ComplaintCategory | ''>('');
  const [text, setText] = useState('');
  const canSubmit = quick !== null || canSubmitComplaintDialog(category, text);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (quick) {
      onSubmit({ category: quick.category, description: quick.description, terminalId, note: text.trim() });
    } else if (canSubmit && category !== '') {
      onSubmit({ category, description: text.trim(), terminalId });
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      {quick ? <p className="rounded-md bg-muted p-3 text-sm">{quick.description}</p> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={terminalFieldId} className="text-sm font-medium">
          Terminal
        </label>
        <select
          id={terminalFieldId}
          value={terminalId}
          onChange={(event) => setPicked(event.target.value)}
          className={fieldClass}
        >
          {PICKABLE_TERMINAL_IDS.map((id) => (
            <option key={id} value={id}>
              {terminalById(id)?.name ?? id}
            </option>
          ))}
        </select>
      </div>
      {quick ? null : (
        <div className="flex flex-col gap-1">
          <label htmlFor={categoryId} className="text-sm font-medium">
            Category
          </label>
          <select
            id={categoryId}
            required
            value={category === '' ? NO_CATEGORY : category}
            onChange={(event) => setCategory(isCategory(event.target.value) ? event.target.value : '')}
            className={fieldClass}
          >
            <option value={NO_CATEGORY} disabled>
              Select a category
            </option>
            {COMPLAINT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          {quick ? 'Note (optional)' : 'Description'}
        </label>
        <textarea
          id={descriptionId}
          required={!quick}
          rows={quick ? 3 : 4}
          maxLength={quick ? COMPLAINT_NOTE_MAX : COMPLAINT_DESCRIPTION_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="rounded-md border border-border bg-surface px-3 py-2 text-base"
        />
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {quick ? 'Send Complaint' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
