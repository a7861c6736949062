import { fieldClass } from './field';

/** The look of a form field's label: its text above the input. */
export const fieldLabelClass = 'flex flex-col gap-1 font-medium';

/** A labelled date input (a date picker on phones) that cannot go before `min`. */
export function DateField({
  label,
  min,
  value,
  onChange,
}: {
  label: string;
  min: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={fieldLabelClass}>
      {label}
      <input type="date" className={fieldClass} min={min} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
