/**
 * The look of a text input or select in a form: a 44 px tall tap target with a border, and 16 px text
 * (smaller text makes iOS Safari zoom in on focus).
 */
export const fieldClass = 'min-h-11 rounded-md border border-border bg-surface px-3 text-base';

/**
 * A select's "nothing chosen" option (rider-core §5: an option must not carry an empty-string
 * value). The placeholder is disabled, so choosing it is impossible; "any" is a real choice.
 */
export const UNCHOSEN_OPTION = 'unchosen';
export const ANY_OPTION = 'any';

/** The value a select shows for a field whose state is '' (nothing chosen yet, or "any"). */
export function selectValue(value: string | number, empty: typeof UNCHOSEN_OPTION | typeof ANY_OPTION): string {
  return value === '' ? empty : String(value);
}

/** The field's state for a select's chosen value: "any" becomes ''. */
export function fromSelect(value: string): string {
  return value === ANY_OPTION || value === UNCHOSEN_OPTION ? '' : value;
}
