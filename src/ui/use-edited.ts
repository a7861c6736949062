/**
 * A form field over a value that may still change underneath it (the profile the server answers
 * while the form is open): it shows the current value until the rider edits it, then their edit.
 * Unlike `useState(current)`, a later `current` still shows in a field the rider has not touched,
 * and nothing the rider typed is lost when it comes.
 */
import { useState } from 'react';

export function useEdited<T>(current: T): [T, (value: T) => void] {
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  return [edited ? edited.value : current, (value: T) => setEdited({ value })];
}
