/** The exception-pass request form (membership §3 fields, §5 validation, §8 toasts). */
import { useState, type FormEvent } from 'react';

import type { DeckhandDB } from '@/data/db';
import { queuePass, sendPass } from '@/data/exception-passes';
import {
  PASS_ROUTE_LABELS,
  PASS_ROUTES,
  PASS_TEXT,
  PASS_TYPE_LABELS,
  PASS_TYPES,
  terminalLocalToIso,
  type PassRoute,
  type PassType,
} from '@/domain/exception-pass';
import { terminalOffsetMs } from '@/domain/time';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass, selectValue, UNCHOSEN_OPTION } from '@/ui/field';

export function PassForm({ database }: { database: DeckhandDB }) {
  const [passType, setPassType] = useState<PassType | ''>('');
  const [description, setDescription] = useState('');
  const [route, setRoute] = useState<PassRoute | ''>('');
  const [departure, setDeparture] = useState('');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const departureTime = terminalLocalToIso(departure, terminalOffsetMs);
    if (!passType || !route || !description.trim() || !departureTime) {
      toast.error(PASS_TEXT.incompleteTitle, { description: PASS_TEXT.incompleteMessage });
      return;
    }
    setSaving(true);
    try {
      const row = await queuePass(database, { passType, description: description.trim(), route, departureTime });
      setPassType('');
      setDescription('');
      setRoute('');
      setDeparture('');
      const outcome = await sendPass(database, row.localId);
      if (outcome.state === 'failed') toast.error(PASS_TEXT.failedTitle, { description: PASS_TEXT.failedMessage });
      // "Submitted… being reviewed" only once the server has it; queued says so (the page confirms later).
      else if (outcome.state === 'queued') toast(PASS_TEXT.queuedTitle, { description: PASS_TEXT.queuedMessage });
      else toast.success(PASS_TEXT.submittedTitle, { description: PASS_TEXT.submittedMessage });
    } catch (error) {
      console.error(error);
      toast.error(PASS_TEXT.failedTitle, { description: PASS_TEXT.failedMessage });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card aria-labelledby="pass-form-title">
      <CardHeader>
        <CardTitle id="pass-form-title">Request an Exception Pass</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Pass type
            <select
              className={fieldClass}
              value={selectValue(passType, UNCHOSEN_OPTION)}
              onChange={(e) => setPassType(e.target.value as PassType)}
            >
              <option value={UNCHOSEN_OPTION} disabled>
                Choose a pass type
              </option>
              {PASS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PASS_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Route
            <select
              className={fieldClass}
              value={selectValue(route, UNCHOSEN_OPTION)}
              onChange={(e) => setRoute(e.target.value as PassRoute)}
            >
              <option value={UNCHOSEN_OPTION} disabled>
                Choose a route
              </option>
              {PASS_ROUTES.map((r) => (
                <option key={r} value={r}>
                  {PASS_ROUTE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Departure time
            <input
              type="datetime-local"
              className={fieldClass}
              value={departure}
              onChange={(e) => setDeparture(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Description
            <textarea
              className={`${fieldClass} min-h-24 py-2`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Why you need priority boarding"
            />
          </label>
          <Button type="submit" disabled={saving}>
            {saving ? 'Submitting...' : 'Submit Request'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
