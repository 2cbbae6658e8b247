import type { Pen, Point } from './pen.js';
import { windowEl } from './parts.js';

// A building as simple volumes along one axis, drawn either in elevation (walls in their material, roofs,
// windows, the shadow under each eave) or cut in section (walls, floors and roof poché, the rooms beyond in
// elevation lines). The projects describe their massing once per drawing and these draw it consistently.

export type Roof = 'flat' | 'gable' | 'eaves' | 'hip' | 'shed' | 'barrel';

export interface Volume {
  /** Left edge and width along the drawing, metres. */
  x: number;
  w: number;
  /** Underside of the lowest floor, and top of the walls. */
  base: number;
  eave: number;
  /** `gable`: the gable end faces us; `eaves`: the long side does; `hip`, `shed`, `flat`; `barrel`: eaves side in barrel tile. */
  roof: Roof;
  ridge?: number;
  overhang?: number;
  /** Pattern names from sheet.ts: shingle, clapboard, stucco, stone, siding, seam, tile, board. */
  wall?: string;
  roofing?: string;
  /** Windows: [x from the volume's left, sill height, width, height, columns, rows]. */
  windows?: Array<[number, number, number, number, number?, number?]>;
  /** Section: floor levels cut as slabs (the base is always one). */
  floors?: number[];
  /** Section: openings in the cut walls, [from, to] heights, on the left and the right wall. */
  gapsL?: Array<[number, number]>;
  gapsR?: Array<[number, number]>;
}

const over = (v: Volume): number => v.overhang ?? 0.5;

/** The roof's outline as seen: for a gable end, the triangle above the eave; for the eaves side, the roof plane. */
function roofOutline(v: Volume): Point[] {
  const o = over(v);
  const [l, r] = [v.x - o, v.x + v.w + o];
  const ridge = v.ridge ?? v.eave + 0.4;
  const drop = (o * (ridge - v.eave)) / (v.w / 2);
  switch (v.roof) {
    case 'gable': return [[l, v.eave - drop], [v.x + v.w / 2, ridge], [r, v.eave - drop]];
    case 'hip': return [[l, v.eave], [r, v.eave], [r - (ridge - v.eave) * 1.2, ridge], [l + (ridge - v.eave) * 1.2, ridge]];
    case 'shed': return [[l, v.eave], [r, ridge], [r, ridge - 0.35], [l, v.eave - 0.35]];
    case 'flat': return [[l, v.eave], [r, v.eave], [r, ridge], [l, ridge]];
    default: return [[l, v.eave], [r, v.eave], [r, ridge], [l, ridge]];
  }
}

/** The walls' outline: a gable end rises to the ridge. */
function wallOutline(v: Volume): Point[] {
  const [l, r] = [v.x, v.x + v.w];
  if (v.roof === 'gable') return [[l, v.base], [r, v.base], [r, v.eave], [v.x + v.w / 2, v.ridge ?? v.eave], [l, v.eave]];
  return [[l, v.base], [r, v.base], [r, v.eave], [l, v.eave]];
}

/** One volume in elevation, material first, then the lines over it. */
export function elevate(pen: Pen, v: Volume): void {
  const walls = wallOutline(v);
  pen.poly(walls, 'solid-light');
  if (v.wall) pen.poly(walls, `m-${v.wall}`);
  const o = over(v);
  if (v.roof !== 'gable') pen.rect(v.x, v.eave - Math.min(1.2, o * 1.1), v.w, Math.min(1.2, o * 1.1), 'shade');
  for (const [x, y, w, h, cols, rows] of v.windows ?? []) windowEl(pen, v.x + x, y, w, h, cols, rows);
  pen.poly(walls, 'el');
  const roof = roofOutline(v);
  if (v.roof === 'gable') {
    const thick = roof.map(([x, y]): Point => [x, y + 0.3]);
    pen.poly([...roof, ...thick.reverse()], 'solid-light');
    pen.poly([...roof, ...[...thick]], 'prof', false);
    pen.poly(roof.map(([x, y]): Point => [x, y + 0.3]), 'el', false);
    return;
  }
  pen.poly(roof, 'solid-light');
  if (v.roofing) pen.poly(roof, `m-${v.roofing}`);
  pen.poly(roof, 'prof');
}

/** The volume's roof profile in section: the line the roof's cut follows, from eave to eave. */
function roofProfile(v: Volume): Point[] {
  const o = over(v);
  const [l, r] = [v.x - o, v.x + v.w + o];
  const ridge = v.ridge ?? v.eave;
  const drop = (o * (ridge - v.eave)) / (v.w / 2);
  if (v.roof === 'flat') return [[l, v.eave], [r, v.eave]];
  if (v.roof === 'shed') {
    const slope = (ridge - v.eave) / v.w;
    return [[l, v.eave - o * slope], [r, ridge + o * slope]];
  }
  return [[l, v.eave - drop], [v.x + v.w / 2, ridge], [r, v.eave - drop]];
}

/** A band of `t` metres below a polyline: how a roof or slab is cut. */
function band(pen: Pen, line: Point[], t: number, cls: string): void {
  pen.poly([...line, ...[...line].reverse().map(([x, y]): Point => [x, y - t])], cls);
}

/** One volume cut in section: outer walls, floors and roof in poché; `interior` windows drawn beyond. */
export function cut(pen: Pen, v: Volume, wallT = 0.3): void {
  const profile = roofProfile(v);
  pen.rect(v.x, v.base, v.w, v.eave - v.base, 'tone');
  for (const [x, y, w, h, cols, rows] of v.windows ?? []) windowEl(pen, v.x + x, y, w, h, cols, rows);
  cutWall(pen, v.x, v.base - 0.3, v.eave, wallT, v.gapsL ?? []);
  cutWall(pen, v.x + v.w - wallT, v.base - 0.3, v.eave, wallT, v.gapsR ?? []);
  for (const level of [v.base, ...(v.floors ?? [])]) pen.rect(v.x, level - 0.3, v.w, 0.3, 'cut');
  band(pen, profile, v.roof === 'flat' ? 0.4 : 0.3, 'cut');
}

/** A wall cut in section from `bottom` to `top`, interrupted by glazed openings (a thin line for the glass). */
function cutWall(pen: Pen, x: number, bottom: number, top: number, t: number, gaps: Array<[number, number]>): void {
  let from = bottom;
  for (const [g0, g1] of [...gaps].sort((a, b) => a[0] - b[0])) {
    pen.rect(x, from, t, g0 - from, 'cut');
    pen.line(x + t / 2, g0, x + t / 2, g1, 'el');
    from = g1;
  }
  pen.rect(x, from, t, top - from, 'cut');
}
