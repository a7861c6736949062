/**
 * Renders a terminal camera's current frame as SVG (DESIGN.md "Honest data": the camera images come
 * from the simulator). The frame shows the part of the lanes the camera looks at and one car per
 * occupied slot it sees, plus, for the entrance camera, the cars waiting on the approach road. Every
 * car is a `<g class="car">`, so the frame shows exactly the count the detections report.
 *
 * The SVG is served as an image (`<img>`), where browsers run no scripts; all text is escaped anyway.
 */
import {
  CAR_SPACING_M,
  pointAlong,
  toLocalMeters,
  type LatLng,
  type Point2,
  type TerminalLayout,
} from '@/domain/lane-geometry';
import {
  approachRoadCars,
  cameraSlotRange,
  slotsSeenBy,
  type CameraLocation,
  type Occupancy,
} from '@/domain/lane-occupancy';
import { formatTerminalTime } from '@/domain/time';

import '../time/terminal-zone';

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 360;
const PADDING_M = 8;
const HEADER_PX = 36;
const FOOTER_PX = 48;
const CAR_LENGTH_M = 4.6;
const CAR_WIDTH_M = 1.9;
const CAR_COLOURS = ['#e5e7eb', '#1f2937', '#b91c1c', '#1d4ed8', '#9ca3af', '#15803d', '#f59e0b', '#f8fafc'];
const APPROACH_CAR_W = 8;
const APPROACH_CAR_H = 5;
const APPROACH_PER_ROW = 60;

/** "Nov 22, 3:40 PM" in terminal time (the server's pinned tz database). */
const STAMP_FORMAT = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true } as const;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

function colourFor(laneId: string, slot: number): string {
  let h = 2166136261;
  for (const ch of `${laneId}#${slot}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return CAR_COLOURS[(h >>> 0) % CAR_COLOURS.length]!;
}

export interface FrameInput {
  layout: TerminalLayout;
  occupancy: Occupancy;
  location: CameraLocation;
  cameraName: string;
  /** Epoch ms of the observation shown. */
  timestamp: number;
}

/** The lane stretch a camera sees, as a polyline of points sampled along the lane. */
function viewedStretch(points: LatLng[], fromSlot: number, toSlot: number): LatLng[] {
  const out: LatLng[] = [];
  const from = fromSlot * CAR_SPACING_M;
  const to = toSlot * CAR_SPACING_M;
  const steps = Math.max(1, Math.ceil((to - from) / 10));
  for (let i = 0; i <= steps; i += 1) out.push(pointAlong(points, from + ((to - from) * i) / steps));
  return out;
}

export function renderCameraFrame(input: FrameInput): { svg: string; carsShown: number } {
  const { layout, occupancy, location } = input;
  const origin = layout.booth;
  const seen = slotsSeenBy(layout, occupancy, location);
  const stretches = layout.lanes
    .map((lane) => {
      const [from, to] = cameraSlotRange(lane, location);
      return {
        lane,
        points: to > from ? viewedStretch(lane.points, from, to).map((p) => toLocalMeters(origin, p)) : [],
      };
    })
    .filter((s) => s.points.length > 1);

  const all = stretches.flatMap((s) => s.points);
  const minX = Math.min(...all.map((p) => p.x)) - PADDING_M;
  const maxX = Math.max(...all.map((p) => p.x)) + PADDING_M;
  const minY = Math.min(...all.map((p) => p.y)) - PADDING_M;
  const maxY = Math.max(...all.map((p) => p.y)) + PADDING_M;
  const drawH = FRAME_HEIGHT - HEADER_PX - FOOTER_PX;
  const scale = Math.min(FRAME_WIDTH / Math.max(1, maxX - minX), drawH / Math.max(1, maxY - minY));
  const offX = (FRAME_WIDTH - (maxX - minX) * scale) / 2;
  const offY = HEADER_PX + (drawH - (maxY - minY) * scale) / 2;
  const px = (p: Point2) => ({ x: offX + (p.x - minX) * scale, y: offY + (maxY - p.y) * scale });
  const f = (n: number) => n.toFixed(1);

  const lanesSvg = stretches
    .map(({ points }) => {
      const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(px(p).x)} ${f(px(p).y)}`).join(' ');
      return `<path d="${d}" stroke="#4b5563" stroke-width="${f(4 * scale)}" fill="none" stroke-linecap="butt"/><path d="${d}" stroke="#f8fafc" stroke-opacity="0.5" stroke-width="1" stroke-dasharray="6 6" fill="none"/>`;
    })
    .join('');

  const lanesById = new Map(layout.lanes.map((l) => [l.id, l]));
  const carsSvg = seen
    .map(({ laneId, slot }) => {
      const lane = lanesById.get(laneId)!;
      const a = px(toLocalMeters(origin, pointAlong(lane.points, slot * CAR_SPACING_M)));
      const b = px(toLocalMeters(origin, pointAlong(lane.points, (slot + 1) * CAR_SPACING_M)));
      const c = px(toLocalMeters(origin, pointAlong(lane.points, (slot + 0.5) * CAR_SPACING_M)));
      const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
      const w = CAR_LENGTH_M * scale;
      const h = CAR_WIDTH_M * scale;
      return `<g class="car" data-lane="${escapeXml(laneId)}" data-slot="${slot}" transform="translate(${f(c.x)} ${f(c.y)}) rotate(${f(angle)})"><rect x="${f(-w / 2)}" y="${f(-h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 4)}" fill="${colourFor(laneId, slot)}" stroke="#111827" stroke-width="0.8"/></g>`;
    })
    .join('');

  const approach = location === 'entrance' ? approachRoadCars(occupancy) : 0;
  const approachSvg = Array.from({ length: approach }, (_, i) => {
    const x = 8 + (i % APPROACH_PER_ROW) * (APPROACH_CAR_W + 2);
    const y = FRAME_HEIGHT - FOOTER_PX + 20 + Math.floor(i / APPROACH_PER_ROW) * (APPROACH_CAR_H + 2);
    return `<g class="car" data-approach="${i}"><rect x="${x}" y="${y}" width="${APPROACH_CAR_W}" height="${APPROACH_CAR_H}" fill="${colourFor('approach', i)}" stroke="#111827" stroke-width="0.5"/></g>`;
  }).join('');

  const carsShown = seen.length + approach;
  const stamp = formatTerminalTime(input.timestamp, STAMP_FORMAT);
  const footer =
    approach > 0
      ? `${carsShown} vehicles detected (${approach} on the approach road)`
      : `${carsShown} vehicles detected`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" viewBox="0 0 ${FRAME_WIDTH} ${FRAME_HEIGHT}" data-vehicles="${carsShown}">` +
    `<rect width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" fill="#374151"/>` +
    lanesSvg +
    carsSvg +
    `<rect width="${FRAME_WIDTH}" height="${HEADER_PX}" fill="#000" fill-opacity="0.6"/>` +
    `<text x="10" y="24" font-family="sans-serif" font-size="16" fill="#fff">${escapeXml(input.cameraName)}</text>` +
    `<text x="${FRAME_WIDTH - 10}" y="24" font-family="monospace" font-size="14" fill="#fff" text-anchor="end">${escapeXml(stamp)}</text>` +
    `<rect y="${FRAME_HEIGHT - FOOTER_PX}" width="${FRAME_WIDTH}" height="${FOOTER_PX}" fill="#000" fill-opacity="0.6"/>` +
    `<text x="10" y="${FRAME_HEIGHT - FOOTER_PX + 15}" font-family="sans-serif" font-size="13" fill="#fff">${escapeXml(footer)}</text>` +
    approachSvg +
    `</svg>`;
  return { svg, carsShown };
}
