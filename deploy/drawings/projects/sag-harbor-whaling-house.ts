import type { Pen, Point } from '../pen.js';
import { groundCut, openings, outline, spaced, treeElevation, treePlan, wall } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { elevate, type Volume } from '../volumes.js';

// An 1840s Greek Revival house, gable end to the street, a side entrance with a fluted surround; one lower
// clapboard kitchen wing behind, linked by a glazed passage; the garden on its terraces running downhill.

function elevation(pen: Pen): void {
  const sash = (x: number, y: number): [number, number, number, number, number, number] => [x, y, 1, 1.9, 3, 4];
  const house: Volume = { x: 0, w: 7.4, base: 0.7, eave: 7, roof: 'gable', ridge: 10.2, overhang: 0.25, wall: 'clapboard',
    windows: [sash(1.2, 1.6), sash(5.2, 1.6), sash(1.2, 4.5), sash(3.2, 4.5), sash(5.2, 4.5), [3.1, 7.6, 1.2, 0.8, 3, 1]] };
  const link: Volume = { x: 7.4, w: 2.6, base: 0.7, eave: 3.3, roof: 'flat', ridge: 3.6, overhang: 0.1, windows: [[0.2, 0.8, 2.2, 2.3, 2, 1]] };
  const kitchen: Volume = { x: 10, w: 7, base: 0.7, eave: 3.6, roof: 'eaves', ridge: 6.2, overhang: 0.3, wall: 'clapboard', roofing: 'shingle',
    windows: [sash(1.2, 1.2), sash(4.8, 1.2)] };
  elevate(pen, kitchen);
  elevate(pen, link);
  elevate(pen, house);
  for (const x of [0, 7.1]) pen.rect(x, 0.7, 0.3, 6.3, 'solid-light');
  for (const x of [0, 7.1]) pen.rect(x, 0.7, 0.3, 6.3, 'el');
  pen.poly([[-0.3, 7], [7.7, 7], [7.7, 7.35], [-0.3, 7.35]], 'el');
  for (let i = 0; i < 3; i += 1) pen.rect(2.6 - i * 0.3, 0.7 - 0.23 * (i + 1), 2.2 + i * 0.6, 0.23, 'el');
  pen.rect(-0.3, 0, 8, 0.7, 'm-stone');
  pen.rect(-0.3, 0, 8, 0.7, 'el');
  treeElevation(pen, 21, 0, 10, 3.6);
  pen.poly([[-6, 0], [25, 0]], 'ground', false);
  pen.text(3.7, -1.2, 'gable end to the street', 'note');
}

function plan(pen: Pen): void {
  pen.rect(-6, -4, 30, 3, 'tone');
  pen.text(9, -2.9, 'Main Street', 'note');
  outline(pen, [[0, 0], [7.4, 0], [7.4, 13], [0, 13]], 0.35, {
    0: [{ at: 1.7, w: 1, kind: 'window' }, { at: 5.7, w: 1, kind: 'window' }],
    1: [{ at: 2.5, w: 1.2, kind: 'door', side: -1 }, { at: 6, w: 1, kind: 'window' }, { at: 10, w: 1, kind: 'window' }],
    3: openings(13, 3, 1),
  });
  wall(pen, [0, 6.5], [7.4, 6.5], 0.2, [{ at: 5.8, w: 1, kind: 'door' }]);
  pen.rect(4.2, 0.8, 2.8, 4.5, 'fine');
  outline(pen, [[2, 13], [4.6, 13], [4.6, 15.6], [2, 15.6]], 0.15, { 1: [{ at: 1.3, w: 2.2, kind: 'window' }], 3: [{ at: 1.3, w: 2.2, kind: 'window' }] });
  outline(pen, [[0, 15.6], [7.4, 15.6], [7.4, 22.6], [0, 22.6]], 0.3, { 1: openings(7, 2, 1.2), 2: openings(7.4, 2, 1.6, 'slider'), 3: openings(7, 2, 1) });
  for (const [x, y] of [[13, 20], [14, 4], [-3.5, 24]] as const) treePlan(pen, x, y, 2.6);
  pen.poly([[3.7, 22.6], [3.7, 26]], 'dot', false);
  pen.text(3.7, 9.5, 'PARLORS');
  pen.text(3.7, 18.6, 'KITCHEN');
  pen.text(4.8, 14.3, 'glazed link', 'small', 'start');
}

/** A long section down the back lot: the house at the street, the kitchen wing, then the terraces and the orchard. */
function section(pen: Pen): void {
  const ground: Point[] = [[-4, 0], [20, 0], [20, -0.9], [27, -0.9], [27, -1.8], [34, -1.8], [34, -2.7], [52, -3.4]];
  const house: Volume = { x: 0, w: 13, base: 0.7, eave: 7, roof: 'eaves', ridge: 10.2, overhang: 0.25, wall: 'clapboard', roofing: 'shingle' };
  elevate(pen, house);
  elevate(pen, { x: 13, w: 3, base: 0.7, eave: 3.3, roof: 'flat', ridge: 3.6, overhang: 0.1, windows: [[0.2, 0.8, 2.6, 2.3, 2, 1]] });
  elevate(pen, { x: 16, w: 7, base: 0.7, eave: 3.6, roof: 'gable', ridge: 6.2, overhang: 0.3, wall: 'clapboard' });
  groundCut(pen, ground);
  for (const x of spaced(21, 33, 9)) pen.canopy(x, (x < 27 ? -0.9 : -1.8) + 0.45, 0.45, 0.4, 'canopy', 7);
  for (const x of [38, 43, 48]) treeElevation(pen, x, -2.7 - (x - 34) * 0.04, 4.8, 2.1);
  pen.text(27, 1.6, 'boxwood terraces', 'note');
  pen.text(43, 4.2, 'orchard', 'note');
}

export const sagHarborWhalingHouse: SampleProject = {
  slug: 'sag-harbor-whaling-house',
  name: 'Sag Harbor Whaling House',
  place: 'Sag Harbor, New York',
  drawings: [
    { file: 'elevation.svg', title: 'Street elevation', kind: 'elevation', extent: [-6, -2, 25, 11], draw: elevation },
    { file: 'plan.svg', title: 'Ground floor plan', kind: 'plan', extent: [-6.5, -4.2, 17, 25.4], draw: plan },
    { file: 'section.svg', title: 'Site section down the garden', kind: 'section', extent: [-4, -5.5, 52, 11.5], draw: section },
  ],
};
