/**
 * The jigsaw (membership §2 Games, §4 Puzzle): the rider picks an image from the device (image files
 * only; it is read through an object URL and never uploaded), Start is disabled until then, and a
 * 300-second countdown runs with the reference image blurred. Pieces are dragged with a finger or a
 * mouse (pointer events) and snap into the cell they are dropped on; with the keyboard, a focused
 * piece moves with the arrow keys. At zero the timer stops with "Time's up! Ferry is loading now!".
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

import {
  formatClock,
  formatDuration,
  isImageFile,
  isSolved,
  neighbourCell,
  PUZZLE_GRID,
  PUZZLE_SECONDS,
  secondsLeft,
  shuffledOrder,
  swapCells,
  TIMES_UP_MESSAGE,
  type Direction,
} from '@/domain/jigsaw';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';

const KEY_DIRECTIONS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

type Game = { state: 'idle' } | { state: 'playing'; startedAt: number } | { state: 'won'; seconds: number };

interface Drag {
  cell: number;
  pointerId: number;
  startX: number;
  startY: number;
  dx: number;
  dy: number;
}

export function JigsawPuzzle() {
  const [image, setImage] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [order, setOrder] = useState<number[]>(() => Array.from({ length: PUZZLE_GRID * PUZZLE_GRID }, (_, i) => i));
  const [game, setGame] = useState<Game>({ state: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [drag, setDrag] = useState<Drag | null>(null);
  const pieceRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusCell, setFocusCell] = useState<number | null>(null);

  useEffect(() => () => (image ? URL.revokeObjectURL(image) : undefined), [image]);

  const left = game.state === 'playing' ? secondsLeft(game.startedAt, now) : PUZZLE_SECONDS;
  // At zero the game is over: the clock stops and the pieces stop moving.
  const playing = game.state === 'playing' && left > 0;
  const timedOut = game.state === 'playing' && left === 0;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [playing]);

  useEffect(() => {
    if (focusCell !== null) pieceRefs.current[focusCell]?.focus();
  }, [focusCell, order]);

  function onFile(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) {
      setFileProblem('That file is not an image. Please choose a photo or picture (JPG, PNG, GIF or WebP).');
      return;
    }
    setFileProblem(null);
    setImage(URL.createObjectURL(file));
    setGame({ state: 'idle' });
  }

  function start() {
    setOrder(shuffledOrder(PUZZLE_GRID));
    const t = Date.now();
    setNow(t);
    setGame({ state: 'playing', startedAt: t });
  }

  function move(from: number, to: number) {
    if (!playing || from === to) return;
    const next = swapCells(order, from, to);
    setOrder(next);
    if (isSolved(next)) setGame({ state: 'won', seconds: PUZZLE_SECONDS - left });
  }

  function onKeyDown(cell: number, event: KeyboardEvent) {
    const direction = KEY_DIRECTIONS[event.key];
    if (!direction) return;
    event.preventDefault();
    const target = neighbourCell(cell, direction, PUZZLE_GRID);
    if (target === null) return;
    move(cell, target);
    setFocusCell(target);
  }

  function onPointerDown(cell: number, event: PointerEvent<HTMLButtonElement>) {
    if (!playing) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ cell, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, dx: 0, dy: 0 });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag({ ...drag, dx: event.clientX - drag.startX, dy: event.clientY - drag.startY });
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const target = document
      .elementsFromPoint(event.clientX, event.clientY)
      .map((el) => (el as HTMLElement).dataset?.cell)
      .find((value) => value !== undefined && Number(value) !== drag.cell);
    setDrag(null);
    if (target !== undefined) move(drag.cell, Number(target));
  }

  return (
    <Card aria-labelledby="jigsaw-title">
      <CardHeader>
        <CardTitle id="jigsaw-title">Ferry Jigsaw</CardTitle>
        <p className="text-sm text-muted-foreground">Pick a photo from your device; it stays on your device.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 font-medium">
          Choose an image
          <input
            className={`${fieldClass} py-2`}
            type="file"
            accept="image/*"
            disabled={playing}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </label>
        {fileProblem ? (
          <p role="alert" className="text-sm text-destructive">
            {fileProblem}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <Button disabled={!image || playing} onClick={start}>
            {game.state === 'idle' ? 'Start Puzzle' : 'Play Again'}
          </Button>
          <p className="font-mono text-2xl tabular-nums" role="timer" aria-label="Time left">
            {formatClock(left)}
          </p>
        </div>
        <div role="status" className="min-h-6 font-semibold">
          {timedOut ? <span className="text-destructive">{TIMES_UP_MESSAGE}</span> : null}
          {game.state === 'won' ? (
            <span className="text-success">
              Puzzle complete in {formatDuration(game.seconds)}, before the ferry loads!
            </span>
          ) : null}
        </div>
        {image ? (
          <div className="flex flex-col gap-4 lg:flex-row">
            <figure className="flex flex-col gap-1 lg:w-1/3">
              <img
                src={image}
                alt="Reference picture"
                className="aspect-square w-full rounded-md object-cover"
                style={{ filter: playing ? 'blur(6px)' : undefined }}
                data-testid="jigsaw-reference"
              />
              <figcaption className="text-xs text-muted-foreground">
                {playing ? 'Reference (blurred while you play)' : 'Reference'}
              </figcaption>
            </figure>
            <div
              role="group"
              aria-label="Puzzle board"
              className="grid aspect-square w-full touch-none gap-0.5 rounded-md bg-border p-0.5 lg:w-2/3"
              style={{ gridTemplateColumns: `repeat(${PUZZLE_GRID}, 1fr)` }}
            >
              {order.map((piece, cell) => (
                <button
                  key={piece}
                  type="button"
                  ref={(el) => {
                    pieceRefs.current[cell] = el;
                  }}
                  data-cell={cell}
                  aria-label={`Piece ${piece + 1}, in square ${cell + 1}${piece === cell ? ', in place' : ''}`}
                  aria-disabled={!playing}
                  className="relative aspect-square w-full cursor-grab rounded-sm bg-surface focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-focus"
                  style={pieceStyle(image, piece, drag?.cell === cell ? drag : null)}
                  onKeyDown={(e) => onKeyDown(cell, e)}
                  onPointerDown={(e) => onPointerDown(cell, e)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => setDrag(null)}
                />
              ))}
            </div>
          </div>
        ) : null}
        {playing ? (
          <p className="text-sm text-muted-foreground">
            Drag pieces to swap them, or focus a piece and use the arrow keys.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function pieceStyle(image: string, piece: number, drag: Drag | null): CSSProperties {
  const row = Math.floor(piece / PUZZLE_GRID);
  const col = piece % PUZZLE_GRID;
  const step = 100 / (PUZZLE_GRID - 1);
  return {
    backgroundImage: `url(${image})`,
    backgroundSize: `${PUZZLE_GRID * 100}% ${PUZZLE_GRID * 100}%`,
    backgroundPosition: `${col * step}% ${row * step}%`,
    transform: drag ? `translate(${drag.dx}px, ${drag.dy}px)` : undefined,
    zIndex: drag ? 20 : undefined,
  };
}
