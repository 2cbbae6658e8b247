import type { Pen, Point } from '../pen.js';
import { groundCut, slenderTree, spaced, treePlan } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// Three wings stepping down a meadow at 8,000 feet under broad, low standing-seam roofs: dry-laid stone
// below, reclaimed timber above, triple glazing to the south; a gravel defensible-space zone all round.

const STEP = 1.8;

function section(pen: Pen): void {
  const slope: Point[] = [[-6, 2 * STEP + 0.6], [0, 2 * STEP], [12, 2 * STEP], [12, STEP], [24, STEP], [24, 0], [36, 0], [44, -1.4]];
  for (let i = 0; i < 3; i += 1) {
    const base = (2 - i) * STEP + 0.2;
    cut(pen, { x: i * 12, w: 12, base, eave: base + 3.4, roof: 'gable', ridge: base + 5, overhang: 1.4, gapsR: [[base + 0.3, base + 3]],
      windows: [[3, base + 0.6, 5, 2.2, 3, 1]] }, 0.45);
  }
  pen.rect(-0.2, 2 * STEP - 1, 0.6, 1.2, 'm-stone');
  groundCut(pen, slope, 1.8);
  pen.poly([[-6, 2 * STEP + 1.2], [44, -0.8]], 'dot', false);
  for (const [x, h] of [[-4, 12], [40, 11], [42.5, 13]] as const) slenderTree(pen, x, x < 0 ? 2 * STEP + 0.5 : -0.8, h);
  pen.text(40, 5.8, 'south', 'note');
  pen.text(6, 2 * STEP + 1.7, 'ENTRY', 'label');
  pen.text(18, STEP + 1.7, 'LIVING', 'label');
  pen.text(30, 1.7, 'BEDROOMS', 'label');
}

function elevation(pen: Pen): void {
  const wing = (x: number, w: number, base: number, eave: number): Volume => ({ x, w, base, eave, roof: 'eaves', ridge: eave + 1.4, overhang: 1.6,
    wall: 'siding', roofing: 'seam', windows: [[w * 0.15, base + 1.5, w * 0.7, eave - base - 2, 5, 1]] });
  elevate(pen, wing(0, 14, 2 * STEP, 2 * STEP + 5));
  elevate(pen, wing(24, 12, 0, 4.4));
  elevate(pen, wing(13, 12, STEP, STEP + 5.4));
  for (const [x, w, b] of [[0, 14, 2 * STEP], [13, 12, STEP], [24, 12, 0]] as const) {
    pen.rect(x, b - 0.4, w, 1.6, 'solid-light');
    pen.rect(x, b - 0.4, w, 1.6, 'm-stone');
    pen.rect(x, b - 0.4, w, 1.6, 'el');
  }
  pen.poly([[-6, 2 * STEP + 0.3], [0, 2 * STEP - 0.4], [13, STEP - 0.4], [24, -0.3], [42, 0]], 'ground', false);
  for (const [x, h] of [[-3, 11], [39, 13], [41.5, 10]] as const) slenderTree(pen, x, x < 0 ? 2 * STEP : 0, h);
}

function site(pen: Pen): void {
  for (let i = 0; i < 7; i += 1) pen.poly(spaced(-30, 60, 8).map((x, j): Point => [x, 44 - i * 9 + Math.sin(j * 0.9 + i) * 2.5]), 'hatch', false);
  pen.poly([[-6, -6], [46, -6], [46, 20], [-6, 20]], 'dot');
  const wings: Array<[number, number, number, number]> = [[0, 10, 14, 8], [13, 4, 12, 8], [24, -2, 12, 8]];
  for (const [x, y, w, h] of wings) {
    pen.rect(x - 1.4, y - 1.4, w + 2.8, h + 2.8, 'm-seam');
    pen.rect(x - 1.4, y - 1.4, w + 2.8, h + 2.8, 'prof');
    pen.line(x - 1.4, y + h / 2, x + w + 1.4, y + h / 2, 'el');
  }
  pen.rect(-14, 14, 7, 10, 'cut');
  for (let i = 0; i < 26; i += 1) treePlan(pen, -28 + pen.random() * 22, 24 + pen.random() * 24, 1.4 + pen.random());
  for (let i = 0; i < 10; i += 1) treePlan(pen, 48 + pen.random() * 12, 14 + pen.random() * 30, 1.3 + pen.random());
  pen.text(-10.5, 11.5, 'garage, solar array', 'small');
  pen.text(20, -10, 'gravel defensible-space zone', 'note');
  pen.text(-18, 50, 'aspen grove', 'note');
}

export const aspenRanchHouse: SampleProject = {
  slug: 'aspen-ranch-house',
  name: 'Aspen Ranch House',
  place: 'Aspen, Colorado',
  drawings: [
    { file: 'section.svg', title: 'Long section down the slope', kind: 'section', extent: [-6, -3, 44, 16], draw: section },
    { file: 'elevation.svg', title: 'South elevation', kind: 'elevation', extent: [-6, -1, 44, 16], draw: elevation },
    { file: 'site-plan.svg', title: 'Site plan', kind: 'site', extent: [-30, -12, 62, 52], draw: site },
  ],
};
