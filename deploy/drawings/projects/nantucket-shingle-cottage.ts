import type { Pen } from '../pen.js';
import { doorEl, groundCut, treeElevation, treePlan } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// A town lot: the 1920s shingled main house with its glassed-in porch at the street, the new two-bedroom
// guest cottage at the back, both in the island's vocabulary of white cedar shingle, white trim and simple gables.

function site(pen: Pen): void {
  pen.poly([[0, 0], [20, 0], [20, 48], [0, 48]], 'dash');
  pen.rect(-12, -7, 44, 6, 'tone');
  pen.text(10, -4.6, 'street', 'note');
  const building = (x: number, y: number, w: number, h: number, ridgeAlongY: boolean): void => {
    pen.rect(x, y, w, h, 'm-hatch45');
    pen.rect(x, y, w, h, 'prof');
    if (ridgeAlongY) pen.line(x + w / 2, y, x + w / 2, y + h, 'el');
    else pen.line(x, y + h / 2, x + w, y + h / 2, 'el');
  };
  building(4, 6, 9, 12, true);
  pen.rect(4, 3, 9, 3, 'glass');
  pen.rect(4, 3, 9, 3, 'el');
  building(7, 34, 7.5, 9, true);
  pen.line(8.5, 3, 8.5, 0, 'fine');
  pen.line(9.5, 3, 9.5, 0, 'fine');
  pen.poly([[10.7, 34], [10.7, 26], [15, 22], [15, 18]], 'dot', false);
  for (const [x, y, r] of [[17, 26, 3], [3, 28, 2.5], [16, 45, 3.2], [2, 44, 2.2]] as const) treePlan(pen, x, y, r);
  for (const x of [-12, 24]) pen.rect(x, 4, 8, 11, 'el');
  pen.text(8.5, 12, 'MAIN HOUSE');
  pen.text(10.75, 38.5, 'COTTAGE');
  pen.text(8.5, 1.3, 'porch', 'note');
}

function elevation(pen: Pen): void {
  const cottage: Volume = { x: 0, w: 7.5, base: 0.5, eave: 3.4, roof: 'gable', ridge: 7.4, overhang: 0.3, wall: 'shingle',
    windows: [[1, 1.1, 1.1, 1.6, 2, 3], [5.4, 1.1, 1.1, 1.6, 2, 3], [3.2, 4.3, 1.1, 1.4, 2, 3]] };
  elevate(pen, cottage);
  pen.rect(3.15, 0.5, 1.2, 2.3, 'solid-light');
  doorEl(pen, 3.15, 0.5, 1.2, 2.3);
  for (const x of [0, 7.35]) pen.rect(x, 0.5, 0.15, 2.9, 'solid-light');
  for (const x of [0, 7.35]) pen.rect(x, 0.5, 0.15, 2.9, 'el');
  const wing: Volume = { x: 7.5, w: 4, base: 0.5, eave: 3, roof: 'eaves', ridge: 4.6, overhang: 0.3, wall: 'shingle', roofing: 'shingle',
    windows: [[1.4, 1.1, 1.1, 1.6, 2, 3]] };
  elevate(pen, wing);
  treeElevation(pen, 15, 0, 8, 3);
  treeElevation(pen, -3.6, 0, 6.5, 2.2);
  pen.poly([[-7, 0.0], [19, 0]], 'ground', false);
}

function section(pen: Pen): void {
  const v: Volume = { x: 0, w: 7.5, base: 0.5, eave: 3.4, roof: 'gable', ridge: 7.4, overhang: 0.3, floors: [3.2],
    gapsL: [[1.3, 2.8]], gapsR: [[1.3, 2.8]], windows: [[3.2, 4, 1.1, 1.4, 2, 3]] };
  pen.rect(0, 0.5, 7.5, 6.9, 'solid-light');
  cut(pen, v, 0.25);
  pen.rect(2.4, 5.9, 2.7, 0.15, 'cut');
  pen.rect(-0.2, -1.2, 7.9, 1.4, 'cut');
  pen.rect(0.25, -1, 7, 1.2, 'solid-light');
  groundCut(pen, [[-4, 0], [11, 0]]);
  treeElevation(pen, 9.6, 0, 6, 1.7);
  pen.text(3.75, 1.4, 'LIVING', 'label');
  pen.text(3.75, 3.9, 'BEDROOM', 'label');
}

export const nantucketShingleCottage: SampleProject = {
  slug: 'nantucket-shingle-cottage',
  name: 'Nantucket Shingle Cottage',
  place: 'Nantucket, Massachusetts',
  drawings: [
    { file: 'elevation.svg', title: 'Cottage, east elevation', kind: 'elevation', extent: [-7, -1, 19, 8.5], draw: elevation },
    { file: 'site-plan.svg', title: 'Site plan', kind: 'site', extent: [-13, -8, 33, 50], draw: site },
    { file: 'section.svg', title: 'Cottage, cross section', kind: 'section', extent: [-4.5, -1.6, 11.5, 8.2], draw: section },
  ],
};
