import { describe, expect, it } from 'vitest';

import {
  formatClock,
  formatDuration,
  isImageFile,
  isSolved,
  neighbourCell,
  PUZZLE_SECONDS,
  secondsLeft,
  shuffledOrder,
  swapCells,
  TIMES_UP_MESSAGE,
} from '@/domain/jigsaw';

describe('jigsaw rules (membership §2 Games, §4 Puzzle, §5, §9 "Puzzle: 300 seconds")', () => {
  it('shuffles into an unsolved order of every piece', () => {
    const order = shuffledOrder(3, () => 0.5);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(isSolved(order)).toBe(false);
  });

  it('swaps, detects solved, finds neighbours', () => {
    expect(isSolved(swapCells([1, 0, 2, 3], 0, 1))).toBe(true);
    expect(neighbourCell(0, 'left', 3)).toBeNull();
    expect(neighbourCell(4, 'up', 3)).toBe(1);
    expect(neighbourCell(8, 'down', 3)).toBeNull();
  });

  it('counts down 300 seconds as mm:ss', () => {
    expect(formatClock(secondsLeft(0, 0))).toBe('05:00');
    expect(formatClock(secondsLeft(0, 10_500))).toBe('04:50');
    expect(formatClock(secondsLeft(0, 400_000))).toBe('00:00');
  });

  it('accepts image files only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

describe('the puzzle clock and board (membership §4 Puzzle)', () => {
  it("runs 300 seconds and says the spec's words at zero", () => {
    expect(PUZZLE_SECONDS).toBe(300);
    expect(secondsLeft(0, 299_999)).toBe(1);
    expect(secondsLeft(0, 300_000)).toBe(0);
    expect(TIMES_UP_MESSAGE).toBe("Time's up! Ferry is loading now!");
  });

  it('never counts above 300 seconds, even when the device clock steps back after Start', () => {
    expect(secondsLeft(10_000, 5_000)).toBe(300);
    expect(formatClock(secondsLeft(10_000, 0))).toBe('05:00');
  });

  it('never shows a negative or fractional clock', () => {
    expect(formatClock(-5)).toBe('00:00');
    expect(formatClock(59.2)).toBe('01:00');
    expect(formatClock(59)).toBe('00:59');
  });

  it('says how long the puzzle took as m:ss', () => {
    expect(formatDuration(187)).toBe('3:07');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('never deals a solved board, even when the shuffle first lands on one', () => {
    // A random of 0.999… keeps every piece in place on the first pass; the shuffle must go again.
    let calls = 0;
    const order = shuffledOrder(3, () => (calls++ < 8 ? 0.9999 : 0));
    expect(isSolved(order)).toBe(false);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('finds neighbours on every side of a middle cell', () => {
    expect(['up', 'down', 'left', 'right'].map((d) => neighbourCell(4, d as 'up', 3))).toEqual([1, 7, 3, 5]);
    expect(neighbourCell(2, 'right', 3)).toBeNull();
    expect(neighbourCell(1, 'up', 3)).toBeNull();
  });

  it('swaps without changing the board it was given', () => {
    const board = [0, 1, 2, 3];
    expect(swapCells(board, 0, 3)).toEqual([3, 1, 2, 0]);
    expect(board).toEqual([0, 1, 2, 3]);
  });

  it('takes any image type, and nothing that only says image', () => {
    expect(isImageFile({ type: 'image/svg+xml' })).toBe(true);
    expect(isImageFile({ type: 'image/' })).toBe(false);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });
});
