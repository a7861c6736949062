/**
 * The jigsaw on the games page (membership §2 Games, §4 Puzzle, §9: 300 seconds). The board is a
 * grid of cells; `order[cell]` is the piece sitting in that cell, and the puzzle is solved when every
 * piece sits in its own cell. Moving a piece onto a cell swaps it with the piece there, so a dropped
 * piece always snaps into a cell.
 */

/** membership §9: the puzzle runs for 300 seconds. */
export const PUZZLE_SECONDS = 300;
export const PUZZLE_GRID = 3;
export const TIMES_UP_MESSAGE = "Time's up! Ferry is loading now!";

/** A shuffled order of `size * size` pieces that is never already solved (`random` in [0, 1)). */
export function shuffledOrder(size: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: size * size }, (_, i) => i);
  do {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  } while (order.length > 1 && isSolved(order));
  return order;
}

export function swapCells(order: readonly number[], a: number, b: number): number[] {
  const next = [...order];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

export function isSolved(order: readonly number[]): boolean {
  return order.every((piece, cell) => piece === cell);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** The cell next to `cell` in `direction`, or null at the edge of a `size` × `size` board. */
export function neighbourCell(cell: number, direction: Direction, size: number): number | null {
  const row = Math.floor(cell / size);
  const col = cell % size;
  if (direction === 'up') return row > 0 ? cell - size : null;
  if (direction === 'down') return row < size - 1 ? cell + size : null;
  if (direction === 'left') return col > 0 ? cell - 1 : null;
  return col < size - 1 ? cell + 1 : null;
}

/** 300 → "05:00", 59 → "00:59". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left of the puzzle started at `startedAt` (epoch ms), at `now`: 300 down to 0, whatever the clock does. */
export function secondsLeft(startedAt: number, now: number): number {
  const elapsed = Math.max(0, Math.floor((now - startedAt) / 1000));
  return Math.max(0, PUZZLE_SECONDS - elapsed);
}

/** "3:07" style duration for the finishing message. */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Image files only (membership §5): judged by the file's MIME type. */
export function isImageFile(file: { type: string }): boolean {
  return /^image\/[a-z0-9.+-]+$/i.test(file.type);
}
