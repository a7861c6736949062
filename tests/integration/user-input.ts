/**
 * A value entered as a browser enters it: an `input` event, then `change` (typing fires the first,
 * leaving the field or picking an option the second). Preact's React layer listens for `input` on
 * text fields and for `change` on selects and boxes, as each browser event means. (testing-library's
 * `fireEvent.change` for Preact sends `input` instead, which a select does not listen for.)
 */
import { createEvent, fireEvent } from '@testing-library/preact';

type ValueInit = Parameters<typeof createEvent.change>[1];

export function changeValue(element: Element, init: ValueInit): void {
  fireEvent(element, createEvent.input(element, init));
  fireEvent(element, createEvent.change(element, init));
}
