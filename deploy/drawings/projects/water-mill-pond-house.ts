import type { Pen, Point } from '../pen.js';
import { groundCut, spaced, treeElevation, treePlan, water, waterPlan } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// A long, low bar of cedar and glass on a fieldstone base along the upper contour, outside the wetland
// setback; a deep porch toward the pond; a planted roof over the bedroom wing; a 100-foot native buffer.

function site(pen: Pen): void {
  const pond: Point[] = [[-40, -60], [60, -60], [60, -36], [30, -30], [5, -34], [-20, -29], [-40, -33]];
  pen.poly([[-40, -33], [-20, -29], [5, -34], [30, -30], [60, -36], [60, 0], [-40, 0]], 'm-meadow');
  waterPlan(pen, pond, [-38, -58, 58, -38]);
  for (const [i, y] of [[0, 4], [1, 10], [2, 16], [3, 22]] as const) pen.poly(spaced(-40, 60, 6).map((x, j): Point => [x, y + Math.sin(j + i) * 1.5]), 'hatch', false);
  pen.poly([[-40, -26], [-15, -22], [10, -27], [35, -23], [60, -29]], 'accent', false);
  pen.poly([[-40, 2], [60, 2]], 'dot', false);
  pen.rect(-14, 6, 34, 10, 'cut');
  pen.rect(6, 6, 14, 10, 'm-meadow');
  pen.rect(6, 6, 14, 10, 'prof');
  pen.rect(-14, 2.5, 16, 3.5, 'm-deck');
  pen.rect(-14, 2.5, 16, 3.5, 'el');
  pen.rect(28, 10, 8, 7, 'cut');
  pen.poly([[32, 17], [34, 30]], 'fine', false);
  for (const [x, y] of [[-28, 12], [-24, 24], [44, 4], [50, 20], [-34, 3]] as const) treePlan(pen, x, y, 3.4);
  pen.text(10, -47, 'POND');
  pen.text(-38, -24.4, 'wetland boundary', 'note', 'start');
  pen.text(-38, -12, '100 ft native buffer', 'note', 'start');
  pen.text(13, 17.5, 'green roof', 'small');
}

function elevation(pen: Pen): void {
  const living: Volume = { x: 0, w: 20, base: 0.8, eave: 4, roof: 'eaves', ridge: 4.9, overhang: 3.2, wall: 'siding', roofing: 'seam',
    windows: [[1, 0.9, 4.2, 2.8, 3, 1], [5.6, 0.9, 4.2, 2.8, 3, 1], [10.2, 0.9, 4.2, 2.8, 3, 1], [14.8, 0.9, 4.2, 2.8, 3, 1]] };
  const bedrooms: Volume = { x: 20, w: 14, base: 0.8, eave: 3.3, roof: 'flat', ridge: 3.9, overhang: 0.6, wall: 'siding',
    windows: [[1.5, 1, 3, 2.1, 2, 1], [6, 1, 3, 2.1, 2, 1], [10.5, 1, 2.4, 2.1, 2, 1]] };
  elevate(pen, living);
  elevate(pen, bedrooms);
  pen.rect(19.4, 3.6, 15.2, 0.5, 'm-meadow');
  for (const x of spaced(20, 34, 30)) pen.line(x, 3.9, x + 0.2, 4.35, 'hatch');
  for (const x of spaced(0, 19.2, 5)) pen.rect(x - 3, 0.8, 0.2, 3.1, 'el');
  pen.rect(-3.2, 0, 37.2, 0.8, 'm-stone');
  pen.rect(-3.2, 0, 37.2, 0.8, 'el');
  for (const x of [-6.5, 38]) treeElevation(pen, x, 0, 9, 3);
  pen.poly([[-10, 0], [41.5, 0]], 'ground', false);
}

function section(pen: Pen): void {
  const ground: Point[] = [[-4, 0.2], [0, 0], [14, -0.4], [26, -1.2], [32, -1.9], [40, -2.1]];
  const v: Volume = { x: 0, w: 9, base: 0.8, eave: 4, roof: 'shed', ridge: 4.7, overhang: 0.5, gapsR: [[0.9, 3.7]], windows: [[2.5, 1, 4, 2.4, 2, 1]] };
  cut(pen, v);
  pen.rect(9, 0.5, 3.6, 0.3, 'm-deck');
  pen.rect(9, 0.5, 3.6, 0.3, 'el');
  pen.poly([[9.5, 4.15], [13, 4.35], [13, 4.05], [9.5, 3.85]], 'cut');
  pen.rect(12.8, 0.8, 0.2, 3.3, 'el');
  pen.rect(-0.3, -1.2, 9.6, 2, 'm-stone');
  groundCut(pen, ground);
  water(pen, 29, 40, -1.9, 1.6);
  for (const x of spaced(18, 28, 12)) pen.line(x, -0.9 - (x - 18) * 0.08, x + 0.1, 0.2 - (x - 18) * 0.08, 'hatch');
  treeElevation(pen, -2, 0.2, 7.5, 2.2);
  pen.text(4.5, 1.6, 'LIVING', 'label');
  pen.text(22, 1.2, 'native buffer', 'note');
}

export const waterMillPondHouse: SampleProject = {
  slug: 'water-mill-pond-house',
  name: 'Water Mill Pond House',
  place: 'Water Mill, New York',
  drawings: [
    { file: 'site-plan.svg', title: 'Site plan', kind: 'site', extent: [-40, -60, 60, -0.5 + 32], draw: site },
    { file: 'elevation.svg', title: 'Pond elevation', kind: 'elevation', extent: [-10, -1, 41.5, 10], draw: elevation },
    { file: 'section.svg', title: 'Section to the pond', kind: 'section', extent: [-4, -4, 40, 6.5], draw: section },
  ],
};
