import type { Pen } from '../pen.js';
import { groundCut, openings, outline, palm, spaced, stair, water, waterPlan, wall } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// Three attached townhouses on one concrete frame, read from the street as a single composition behind a
// board-formed wall; toward the water they step back so the shared pool deck keeps its afternoon sun.

const UNIT = 7.2;

function elevation(pen: Pen): void {
  for (let i = 0; i < 3; i += 1) {
    const x = i * UNIT;
    const unit: Volume = { x, w: UNIT, base: 0.9, eave: 10.6, roof: 'flat', ridge: 11, overhang: 0, wall: 'stucco',
      windows: [[0.8, 4.6, 5.6, 2.6, 4, 1], [0.8, 8, 2.4, 2.1, 2, 1], [4, 8, 2.4, 2.1, 2, 1]] };
    elevate(pen, unit);
    pen.rect(x + 0.9, 11, 5.4, 0.15, 'el');
    for (const px of spaced(x + 1, x + 6.2, 3)) pen.rect(px - 0.08, 11, 0.16, 2.3, 'el');
    pen.rect(x + 0.8, 13.3, 5.6, 0.2, 'el');
  }
  for (const x of spaced(0, 3 * UNIT, 4)) pen.rect(x - 0.2, 0.9, 0.4, 10.1, 'solid-light');
  for (const x of spaced(0, 3 * UNIT, 4)) pen.rect(x - 0.2, 0.9, 0.4, 10.1, 'el');
  for (const y of [3.8, 7.4]) pen.rect(-0.2, y, 3 * UNIT + 0.4, 0.4, 'el');
  pen.rect(-1, 0, 3 * UNIT + 2, 2, 'solid-light');
  pen.rect(-1, 0, 3 * UNIT + 2, 2, 'm-board');
  pen.rect(-1, 0, 3 * UNIT + 2, 2, 'el');
  for (let i = 0; i < 3; i += 1) pen.rect(i * UNIT + 2.8, 0, 1.6, 2, 'solid-light');
  for (let i = 0; i < 3; i += 1) pen.rect(i * UNIT + 2.8, 0, 1.6, 2, 'el');
  for (const [x, h] of [[-4, 10], [25.6, 12]] as const) palm(pen, x, 0, h, x < 0 ? -0.5 : 0.6);
  pen.poly([[-8, 0], [30, 0]], 'ground', false);
}

/** Through one unit, street to the water: floors stepping back, the pool deck, the dock. */
function section(pen: Pen): void {
  cut(pen, { x: 0, w: 18, base: 0.9, eave: 4.3, roof: 'flat', ridge: 4.3, overhang: 0, gapsR: [[1, 3.7]] });
  cut(pen, { x: 0, w: 15, base: 4.3, eave: 7.7, roof: 'flat', ridge: 7.7, overhang: 0, gapsR: [[4.4, 7.1]] });
  cut(pen, { x: 0, w: 11.5, base: 7.7, eave: 11, roof: 'flat', ridge: 11, overhang: 0.6, gapsR: [[7.8, 10.5]], gapsL: [[8, 10.2]] });
  pen.rect(0.6, 11, 6, 2.3, 'fine');
  stair(pen, 3, 1, 3.2, 3.5, 12, false);
  pen.rect(-4, 0, 0.3, 2, 'cut');
  pen.rect(20, -1.4, 7, 1.4, 'cut');
  pen.rect(20.3, -1.1, 6.4, 1, 'water');
  groundCut(pen, [[-6, 0], [20, 0], [27, 0], [31, 0], [31, -0.6]]);
  pen.rect(31, -2.5, 0.5, 2.5, 'cut');
  pen.rect(31.5, 0.3, 4.5, 0.25, 'm-deck');
  pen.rect(31.5, 0.3, 4.5, 0.25, 'el');
  water(pen, 31.5, 40, -0.8, 2.6);
  pen.text(23.5, 1.2, 'shared pool', 'note');
  pen.text(36, 1.4, 'dock', 'note');
  pen.text(-5, 2.7, 'street', 'note');
}

function plan(pen: Pen): void {
  waterPlan(pen, [[-3, 36], [25, 36], [25, 44], [-3, 44]], [-2.5, 36.5, 24.5, 43.5]);
  pen.line(-3, 36, 25, 36, 'prof');
  pen.rect(2, 36, 18, 2.5, 'm-deck');
  pen.rect(2, 36, 18, 2.5, 'el');
  pen.rect(-1.5, 20, 25, 16, 'm-paving');
  pen.rect(4, 25, 14, 4.5, 'water');
  pen.rect(4, 25, 14, 4.5, 'el');
  outline(pen, [[0, 0], [3 * UNIT, 0], [3 * UNIT, 18], [0, 18]], 0.3, { 0: openings(3 * UNIT, 6, 1.2), 2: openings(3 * UNIT, 3, 5, 'slider') });
  for (const x of [UNIT, 2 * UNIT]) wall(pen, [x, 0], [x, 18], 0.35);
  for (let i = 0; i < 3; i += 1) stair(pen, i * UNIT + 0.5, 6, 1.2, 4, 12);
  pen.rect(-1.5, -4, 3 * UNIT + 3, 0.45, 'cut');
  for (let i = 0; i < 3; i += 1) pen.text(i * UNIT + UNIT / 2 + 0.6, 12, String.fromCharCode(65 + i), 'scale');
  pen.text(11, 31, 'POOL DECK', 'label');
  pen.text(11, -6, 'street', 'note');
  pen.text(11, 41, 'INTRACOASTAL', 'label');
}

export const bayHarborTownhouses: SampleProject = {
  slug: 'bay-harbor-townhouses',
  name: 'Bay Harbor Townhouses',
  place: 'Bay Harbor Islands, Florida',
  drawings: [
    { file: 'elevation.svg', title: 'Street elevation', kind: 'elevation', extent: [-8, -1, 30, 14], draw: elevation },
    { file: 'section.svg', title: 'Section, street to water', kind: 'section', extent: [-6, -4, 40, 14], draw: section },
    { file: 'plan.svg', title: 'Ground floor and water garden', kind: 'plan', extent: [-4, -7, 26, 45], draw: plan },
  ],
};
