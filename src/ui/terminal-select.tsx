/**
 * The terminal picker's select: the five queue terminals a rider can pick, in the spec's order
 * (src/domain/rider-terminal.ts PICKABLE_TERMINAL_IDS), named. Its label is the caller's.
 */
import type { ComponentProps } from 'react';

import { PICKABLE_TERMINAL_IDS } from '@/domain/rider-terminal';
import { terminalById } from '@/domain/terminals';

import { fieldClass } from './field';

export function TerminalSelect({
  onPick,
  ...props
}: Omit<ComponentProps<'select'>, 'onChange' | 'children'> & { onPick: (terminalId: string) => void }) {
  return (
    <select {...props} onChange={(event) => onPick(event.target.value)} className={fieldClass}>
      {PICKABLE_TERMINAL_IDS.map((id) => (
        <option key={id} value={id}>
          {terminalById(id)?.name ?? id}
        </option>
      ))}
    </select>
  );
}
