/**
 * The look of a text input or select in a form: a 44 px tall tap target with a border, and 16 px text
 * (smaller text makes iOS Safari zoom in on focus).
 */
export const fieldClass = 'min-h-11 rounded-md border border-border bg-surface px-3 text-base';
