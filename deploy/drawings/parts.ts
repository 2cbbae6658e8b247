import type { Pen, Point } from './pen.js';

// The architectural vocabulary the sample projects are drawn with: walls cut in plan with their doors and
// windows, windows and shutters in elevation, trees, water and ground. All sizes in metres.

/** An opening in a plan wall: `at` is its centre's distance from the wall's start. */
export interface Opening {
  at: number;
  w: number;
  kind: 'window' | 'door' | 'slider' | 'gap';
  /** A door's swing side: 1 to the left of the wall's direction, -1 to the right. */
  side?: 1 | -1;
}

/**
 * A straight wall cut in plan, from a to b (horizontal or vertical), `t` thick, poché filled, with its
 * openings: a window as sill lines and glass, a door as leaf and swing, a slider as two overlapping panels.
 */
export function wall(pen: Pen, a: Point, b: Point, t: number, openings: Opening[] = []): void {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ux = (b[0] - a[0]) / length;
  const uy = (b[1] - a[1]) / length;
  const along = (s: number, n: number): Point => [a[0] + ux * s - uy * n, a[1] + uy * s + ux * n];
  const solid = (s0: number, s1: number): void => pen.poly([along(s0, -t / 2), along(s1, -t / 2), along(s1, t / 2), along(s0, t / 2)], 'cut');
  const sorted = [...openings].sort((p, q) => p.at - q.at);
  let from = -t / 2;
  for (const o of sorted) {
    solid(from, o.at - o.w / 2);
    from = o.at + o.w / 2;
    const [s0, s1] = [o.at - o.w / 2, o.at + o.w / 2];
    const seg = (n: number, cls: string, e0 = s0, e1 = s1): void => {
      const p = along(e0, n);
      const q = along(e1, n);
      pen.line(p[0], p[1], q[0], q[1], cls);
    };
    if (o.kind === 'window') {
      seg(-t / 2, 'fine');
      seg(t / 2, 'fine');
      seg(0, 'el');
    } else if (o.kind === 'slider') {
      seg(-t / 8, 'el', s0, o.at + 0.05);
      seg(t / 8, 'el', o.at - 0.05, s1);
      seg(-t / 2, 'fine');
      seg(t / 2, 'fine');
    } else if (o.kind === 'door') {
      const side = o.side ?? 1;
      const hinge = along(s0, (side * t) / 2);
      const tip = along(s0, side * (t / 2 + o.w));
      pen.line(hinge[0], hinge[1], tip[0], tip[1], 'el');
      const base = (Math.atan2(uy, ux) * 180) / Math.PI;
      const normal = base + side * 90;
      pen.arc(hinge[0], hinge[1], o.w, normal, base, 'fine');
    }
  }
  solid(from, length + t / 2);
}

/** A rectangle of walls (x, y lower-left corner, outer size w × h) with openings per side: south, east, north, west. */
export function room(pen: Pen, x: number, y: number, w: number, h: number, t: number, o: { s?: Opening[]; e?: Opening[]; n?: Opening[]; w?: Opening[] } = {}): void {
  const i = t / 2;
  wall(pen, [x + i, y + i], [x + w - i, y + i], t, o.s);
  wall(pen, [x + w - i, y + i], [x + w - i, y + h - i], t, o.e);
  wall(pen, [x + w - i, y + h - i], [x + i, y + h - i], t, o.n);
  wall(pen, [x + i, y + h - i], [x + i, y + i], t, o.w);
}

/** Evenly spaced openings of one kind along a wall of `length`. */
export function openings(length: number, count: number, w: number, kind: Opening['kind'] = 'window'): Opening[] {
  return Array.from({ length: count }, (_, i) => ({ at: (length * (i + 0.5)) / count, w, kind }));
}

/** A flight of stairs in plan: treads across a w × l rectangle, with the walking line's arrow. */
export function stair(pen: Pen, x: number, y: number, w: number, l: number, treads: number, vertical = true): void {
  pen.rect(x, y, vertical ? w : l, vertical ? l : w, 'el');
  for (let i = 1; i < treads; i += 1) {
    const s = (l * i) / treads;
    if (vertical) pen.line(x, y + s, x + w, y + s, 'fine');
    else pen.line(x + s, y, x + s, y + w, 'fine');
  }
  if (vertical) pen.line(x + w / 2, y + l * 0.1, x + w / 2, y + l * 0.9, 'fine arrow');
  else pen.line(x + l * 0.1, y + w / 2, x + l * 0.9, y + w / 2, 'fine arrow');
}

/** A tree in plan: canopy, a few branches, the trunk. */
export function treePlan(pen: Pen, x: number, y: number, r: number): void {
  pen.canopy(x, y, r, r, 'canopy', Math.max(7, Math.round(r * 2.2)));
  pen.circle(x, y, Math.max(0.15, r * 0.06), 'trunk');
}

/** A broadleaf tree in elevation: a loose canopy on a trunk; `spread` is the canopy's half-width. */
export function treeElevation(pen: Pen, x: number, ground: number, height: number, spread: number): void {
  const trunkTop = ground + height * 0.42;
  pen.poly([[x - 0.18, ground], [x - 0.1, trunkTop], [x + 0.1, trunkTop], [x + 0.18, ground]], 'tree-trunk');
  const cy = ground + height * 0.68;
  pen.canopy(x, cy, spread, height * 0.32, 'canopy', 13);
  pen.line(x, trunkTop, x - spread * 0.4, cy + height * 0.1, 'hatch');
  pen.line(x, trunkTop, x + spread * 0.45, cy + height * 0.05, 'hatch');
}

/** A tall narrow tree (aspen, poplar) in elevation. */
export function slenderTree(pen: Pen, x: number, ground: number, height: number): void {
  pen.line(x, ground, x, ground + height * 0.95, 'el');
  pen.canopy(x, ground + height * 0.62, height * 0.13, height * 0.33, 'canopy', 9);
}

/** A palm in elevation: a leaning trunk and a crown of drooping fronds. */
export function palm(pen: Pen, x: number, ground: number, height: number, lean = 0.6): void {
  const top: Point = [x + lean, ground + height];
  pen.poly([[x - 0.14, ground], [top[0] - 0.08, top[1]], [top[0] + 0.08, top[1]], [x + 0.14, ground]], 'tree-trunk');
  for (let i = 0; i < 9; i += 1) {
    const a = Math.PI * (0.05 + (0.9 * i) / 8);
    const reach = 2.2 + pen.random() * 0.8;
    const tip: Point = [top[0] + Math.cos(a) * reach * 1.2, top[1] + Math.sin(a) * reach * 0.5 - reach * 0.55];
    const mid: Point = [top[0] + Math.cos(a) * reach * 0.7, top[1] + Math.sin(a) * reach * 0.6];
    pen.raw(`<path class="frond" d="M${pen.pt(top)}Q${pen.pt(mid)} ${pen.pt(tip)}"/>`);
  }
}

/** A window in elevation: frame, glass tone, and glazing bars (cols × rows lights). */
export function windowEl(pen: Pen, x: number, y: number, w: number, h: number, cols = 1, rows = 1): void {
  pen.rect(x, y, w, h, 'glass');
  for (let c = 1; c < cols; c += 1) pen.line(x + (w * c) / cols, y, x + (w * c) / cols, y + h, 'fine');
  for (let r = 1; r < rows; r += 1) pen.line(x, y + (h * r) / rows, x + w, y + (h * r) / rows, 'fine');
  pen.rect(x, y, w, h, 'el');
  pen.line(x - 0.06, y, x + w + 0.06, y, 'el');
}

/** A pair of louvred shutters flanking a window. */
export function shutters(pen: Pen, x: number, y: number, w: number, h: number): void {
  for (const sx of [x - w / 2 - 0.04, x + w + 0.04]) {
    pen.rect(sx, y, w / 2, h, 'solid-light');
    for (let s = y + 0.12; s < y + h - 0.05; s += 0.12) pen.line(sx, s, sx + w / 2, s, 'hatch');
    pen.rect(sx, y, w / 2, h, 'el');
  }
}

/** A door in elevation: leaf panels and an optional transom. */
export function doorEl(pen: Pen, x: number, y: number, w: number, h: number, glazed = false): void {
  pen.rect(x, y, w, h, glazed ? 'glass' : 'solid-light');
  pen.rect(x + w * 0.15, y + h * 0.1, w * 0.7, h * 0.35, 'fine');
  pen.rect(x + w * 0.15, y + h * 0.55, w * 0.7, h * 0.35, 'fine');
  pen.rect(x, y, w, h, 'el');
}

/** Ground cut in section: the heavy ground line and an earth band below it. */
export function groundCut(pen: Pen, points: Point[], depth = 1.4): void {
  const below = [...points].reverse().map(([x, y]): Point => [x, y - depth]);
  pen.poly([...points, ...below], 'earth');
  pen.poly(points, 'ground', false);
}

/** Water in section or elevation: a surface line, a pale body and a few ripple strokes. */
export function water(pen: Pen, x0: number, x1: number, level: number, depth: number): void {
  pen.rect(x0, level - depth, x1 - x0, depth, 'water');
  pen.line(x0, level, x1, level, 'el');
  for (let i = 0; i < (x1 - x0) * 0.8; i += 1) {
    const x = x0 + pen.random() * (x1 - x0 - 1.5);
    const y = level - 0.15 - pen.random() * (depth - 0.3);
    pen.line(x, y, x + 0.6 + pen.random() * 0.9, y, 'hatch');
  }
}

/** Water in plan: a shape filled pale, with ripple strokes inside its bounding box where told. */
export function waterPlan(pen: Pen, outline: Point[], ripples: [number, number, number, number]): void {
  pen.poly(outline, 'water');
  const [x0, y0, x1, y1] = ripples;
  for (let i = 0; i < ((x1 - x0) * (y1 - y0)) / 14; i += 1) {
    const x = x0 + pen.random() * (x1 - x0 - 2);
    const y = y0 + pen.random() * (y1 - y0);
    pen.line(x, y, x + 1 + pen.random() * 1.5, y, 'hatch');
  }
  pen.poly(outline, 'el');
}

/** Walls along a closed outline of points, with openings per segment index (segment i runs from point i to i + 1). */
export function outline(pen: Pen, points: Point[], t: number, openingsBySegment: Record<number, Opening[]> = {}): void {
  points.forEach((p, i) => wall(pen, p, points[(i + 1) % points.length]!, t, openingsBySegment[i] ?? []));
}

/** An arched opening in elevation: jambs, a semicircular head, glass and a keystone line. */
export function archEl(pen: Pen, x: number, y: number, w: number, h: number, glazed = true): void {
  const r = w / 2;
  const springing = y + h - r;
  const pts: Point[] = [[x, y], [x + w, y], [x + w, springing]];
  for (let i = 1; i < 12; i += 1) pts.push([x + r + r * Math.cos((i / 12) * Math.PI), springing + r * Math.sin((i / 12) * Math.PI)]);
  pts.push([x, springing]);
  pen.poly(pts, glazed ? 'glass' : 'shade');
  if (glazed) pen.line(x + r, y, x + r, y + h, 'fine');
  pen.poly(pts, 'el');
}

/** Piles or posts under a raised floor: narrow rectangles from `bottom` to `top`. */
export function piles(pen: Pen, xs: number[], bottom: number, top: number, w = 0.35, cls = 'el'): void {
  for (const x of xs) pen.rect(x - w / 2, bottom, w, top - bottom, cls);
}

/** Evenly spaced positions from a to b inclusive. */
export const spaced = (a: number, b: number, n: number): number[] => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));
