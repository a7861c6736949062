/**
 * The "Other" complaint dialog (rider-core §2, §5): a category select and a description. Submit is
 * disabled until a category is chosen and the description is non-blank after trimming. No option
 * carries an empty-string value (rider-core §5): "nothing chosen yet" is a disabled prompt option.
 * The form lives inside the dialog, so closing the dialog clears it.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  canSubmitComplaintDialog,
  COMPLAINT_CATEGORIES,
  COMPLAINT_DESCRIPTION_MAX,
  type ComplaintCategory,
  type ComplaintInput,
} from '@/domain/complaint';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldClass } from '@/ui/field';
import { CATEGORY_LABELS } from './complaint-state-label';

const NO_CATEGORY = 'choose';

interface OtherComplaintDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: ComplaintInput) => void;
}

export function OtherComplaintDialog({ open, onOpenChange, onSubmit }: OtherComplaintDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Submit a Complaint" description="Tell us what went wrong.">
      <ComplaintForm onCancel={() => onOpenChange(false)} onSubmit={onSubmit} />
    </Dialog>
  );
}

function isCategory(value: string): value is ComplaintCategory {
  return (COMPLAINT_CATEGORIES as readonly string[]).includes(value);
}

function ComplaintForm({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: (input: ComplaintInput) => void }) {
  const categoryId = useId();
  const descriptionId = useId();
  const [category, setCategory] = useState<ComplaintCategory | ''>('');
  const [description, setDescription] = useState('');
  const canSubmit = canSubmitComplaintDialog(category, description);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || category === '') return;
    onSubmit({ category, description: description.trim() });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
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
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={descriptionId}
          required
          rows={4}
          maxLength={COMPLAINT_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className="rounded-md border border-border bg-surface px-3 py-2 text-base"
        />
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          Submit
        </Button>
      </div>
    </form>
  );
}
