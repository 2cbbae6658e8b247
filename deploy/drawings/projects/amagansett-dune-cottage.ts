import type { Pen, Point } from '../pen.js';
import { groundCut, piles, spaced, water, waterPlan } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// The 1940s cottage moved about 80 feet (24 m) landward onto new piles behind a restored dune, with a plainer
// lean-to addition. Site plan: north up, the ocean to the south.

const DUNE: Point[] = [[-30, 0], [-14, 0.3], [-8, 2.4], [-4, 3.6], [0, 3.2], [6, 2.2], [40, 2]];

function site(pen: Pen): void {
  waterPlan(pen, [[-22, -30], [22, -30], [22, -22], [-22, -20]], [-21, -29.5, 21, -22]);
  pen.poly([[-22, -20], [22, -22], [22, -8], [-22, -6]], 'm-sand');
  pen.poly([[-22, -6], [22, -8], [22, 6], [-22, 8]], 'm-meadow');
  pen.poly([[-22, 1], [22, -1]], 'accent', false);
  for (const y of [-7, -4]) pen.line(-20, y + 0.3, 20, y - 0.7, 'dot');
  pen.rect(-5, -9, 9, 7, 'dash');
  pen.line(-0.5, -1, -0.5, 14, 'fine arrow');
  pen.rect(-6, 15, 10, 7, 'cut');
  pen.rect(4, 16, 4, 4, 'm-hatch45');
  pen.rect(4, 16, 4, 4, 'prof');
  pen.poly([[-10, 26], [-10, 40]], 'dot', false);
  pen.text(0.5, 6.3, 'moved 24 m landward', 'note', 'start');
  pen.text(-21, 2.6, 'dune crest', 'note', 'start');
  pen.text(-0.5, -12.2, 'old foundation removed', 'note');
  pen.text(0, -26, 'ATLANTIC OCEAN');
  pen.text(-1, 23.4, 'COTTAGE', 'label');
}

function elevation(pen: Pen): void {
  const cottage: Volume = { x: 0, w: 10, base: 2.6, eave: 5.3, roof: 'eaves', ridge: 8, overhang: 0.4, wall: 'shingle', roofing: 'shingle',
    windows: [[1.2, 3.4, 1.1, 1.5, 2, 2], [3.4, 3.4, 1.1, 1.5, 2, 2], [7.6, 3.4, 1.1, 1.5, 2, 2]] };
  pen.rect(6.2, 5.5, 1.1, 3.4, 'm-hatch45');
  pen.rect(6.2, 5.5, 1.1, 3.4, 'el');
  elevate(pen, cottage);
  elevate(pen, { x: 10, w: 4, base: 2.6, eave: 4.6, roof: 'shed', ridge: 5.2, overhang: 0.3, wall: 'clapboard', roofing: 'shingle', windows: [[1.4, 3.4, 1.1, 1, 2, 1]] });
  pen.rect(5.4, 2.6, 1.2, 2.3, 'solid-light');
  pen.rect(5.4, 2.6, 1.2, 2.3, 'el');
  for (let i = 0; i < 8; i += 1) pen.line(6.6 + i * 0.32, 2.6 - i * 0.32, 6.6 + (i + 1) * 0.32, 2.6 - i * 0.32, 'fine');
  piles(pen, spaced(0.4, 13.6, 6), 0.3, 2.6);
  const ground: Point[] = [[-6, 0.6], [-2, 0.2], [4, 0], [16, 0], [20, 0.4]];
  pen.poly([...ground, [20, -0.8], [-6, -0.8]], 'solid-light');
  pen.poly(ground, 'ground', false);
  for (const x of spaced(-5, 19, 40)) pen.line(x, 0.3, x + 0.25, 0.9, 'hatch');
}

function section(pen: Pen): void {
  const v: Volume = { x: 0, w: 7, base: 2.6, eave: 5.3, roof: 'gable', ridge: 8, overhang: 0.4, gapsL: [[3.4, 4.9]], gapsR: [[3.4, 4.9]] };
  pen.rect(0, 2.6, 7, 5.4, 'solid-light');
  cut(pen, v, 0.2);
  for (const x of spaced(0.3, 6.7, 3)) pen.rect(x - 0.18, -6, 0.36, 8.3, 'cut');
  groundCut(pen, DUNE.map(([x, y]): Point => [x, y - 3.6 + 0.4]), 2.2);
  water(pen, -30, -20, -3.5, 2);
  pen.line(-28, 2.2, 14, 2.2, 'accent');
  pen.text(-28, 2.6, 'design flood elevation', 'note', 'start');
  pen.text(3.5, -3.2, 'new piles', 'small');
}

export const amagansettDuneCottage: SampleProject = {
  slug: 'amagansett-dune-cottage',
  name: 'Amagansett Dune Cottage',
  place: 'Amagansett, New York',
  drawings: [
    { file: 'site-plan.svg', title: 'Site plan: the move', kind: 'site', extent: [-23, -31, 23, 27], draw: site },
    { file: 'elevation.svg', title: 'North elevation', kind: 'elevation', extent: [-6, -1, 20, 9.5], draw: elevation },
    { file: 'section.svg', title: 'Section toward the dune', kind: 'section', extent: [-30, -7, 14, 9], draw: section },
  ],
};
