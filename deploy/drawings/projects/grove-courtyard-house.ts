import type { Pen } from '../pen.js';
import { openings, outline, stair, treeElevation, treePlan, wall, groundCut } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// A U of three wings around a live oak, the screened loggia along the main wing's courtyard side, the floor
// raised 0.6 m with broad coral-stone steps to the garden. Plan: x east, y north; the U opens south.

const T = 0.3;
const OAK = { x: 14, y: 6.2, r: 8 };

function plan(pen: Pen): void {
  pen.rect(6.5, -2.4, 15, 16.9, 'm-paving');
  pen.circle(OAK.x, OAK.y, 3.2, 'solid-light');
  pen.circle(OAK.x, OAK.y, 3.2, 'm-meadow');
  pen.circle(OAK.x, OAK.y, 3.2, 'fine');
  for (let i = 0; i < 4; i += 1) pen.line(6.5, -0.6 * i, 21.5, -0.6 * i, i === 0 ? 'el' : 'fine');
  pen.rect(6.5, 11.5, 15, 3, 'solid-light');
  pen.line(6.5, 11.5, 21.5, 11.5, 'dash');
  for (let x = 6.9; x < 21.5; x += 3.7) pen.rect(x - 0.2, 11.3, 0.4, 0.4, 'cut');
  outline(pen, [[0, 0], [6.5, 0], [6.5, 14.5], [21.5, 14.5], [21.5, 0], [28, 0], [28, 21], [0, 21]], T, {
    0: openings(6.5, 1, 2.4),
    1: [{ at: 3, w: 4, kind: 'slider' }, { at: 9.5, w: 4, kind: 'slider' }],
    2: [{ at: 3.5, w: 5, kind: 'slider' }, { at: 9.5, w: 5, kind: 'slider' }],
    3: [{ at: 3, w: 4, kind: 'slider' }, { at: 9.5, w: 4, kind: 'slider' }],
    4: openings(6.5, 1, 2.4),
    5: openings(21, 4, 1.6),
    6: openings(28, 5, 1.4),
    7: [{ at: 4, w: 1.1, kind: 'door', side: -1 }, { at: 12, w: 1.6, kind: 'window' }],
  });
  for (const y of [5, 10]) wall(pen, [21.5, y], [28, y], 0.15, [{ at: 1.4, w: 0.9, kind: 'door', side: -1 }]);
  wall(pen, [6.5, 14.5], [6.5, 21], 0.15, [{ at: 3.2, w: 1.4, kind: 'gap' }]);
  wall(pen, [17, 14.5], [17, 21], 0.15, [{ at: 3.2, w: 2, kind: 'gap' }]);
  wall(pen, [0, 8], [6.5, 8], 0.15, [{ at: 5, w: 0.9, kind: 'door' }]);
  stair(pen, 1, 14.8, 1.2, 5, 14);
  treePlan(pen, OAK.x, OAK.y, OAK.r);
  pen.text(14, 16.9, 'LIVING');
  pen.text(24.75, 2.3, 'BEDROOMS');
  pen.text(OAK.x, 0.6, 'COURTYARD');
  pen.text(14, 12.5, 'SCREENED LOGGIA', 'small');
  pen.text(OAK.x + 4.4, OAK.y - 0.3, 'live oak', 'note', 'start');
  pen.text(14, -3.6, 'garden', 'note');
}

/** The south elevation: the two wing ends, the oak in the open courtyard, the main wing and loggia behind. */
const WINGS: Volume[] = [
  { x: 0, w: 6.5, base: 0.6, eave: 7.2, roof: 'flat', ridge: 7.6, overhang: 1.2, wall: 'stucco', windows: [[2, 1, 2.5, 2.6, 2, 1], [2, 4.2, 2.5, 2.2, 2, 1]] },
  { x: 21.5, w: 6.5, base: 0.6, eave: 7.2, roof: 'flat', ridge: 7.6, overhang: 1.2, wall: 'stucco', windows: [[2, 1, 2.5, 2.6, 2, 1], [2, 4.2, 2.5, 2.2, 2, 1]] },
];
const MAIN: Volume = { x: 6.5, w: 15, base: 0.6, eave: 7.2, roof: 'flat', ridge: 7.6, overhang: 0.2, wall: 'stucco',
  windows: [[1.5, 4.2, 3.5, 2.2, 3, 1], [5.8, 4.2, 3.5, 2.2, 3, 1], [10, 4.2, 3.5, 2.2, 3, 1]] };

function elevation(pen: Pen): void {
  elevate(pen, MAIN);
  treeElevation(pen, OAK.x, 0, 12, 9.5);
  pen.rect(6.5, 0.6, 15, 3.2, 'solid-light');
  pen.rect(6.5, 0.6, 15, 3.2, 'shade');
  pen.rect(6.3, 3.5, 15.4, 0.4, 'solid-light');
  pen.rect(6.3, 3.5, 15.4, 0.4, 'el');
  for (let x = 6.9; x < 21.5; x += 3.7) pen.rect(x - 0.15, 0.6, 0.3, 2.9, 'el');
  for (const v of WINGS) elevate(pen, v);
  for (let i = 0; i < 3; i += 1) pen.line(6.5 - 0.3 * i, 0.6 - 0.2 * (i + 1), 21.5 + 0.3 * i, 0.6 - 0.2 * (i + 1), 'fine');
  pen.poly([[-4, 0], [32, 0]], 'ground', false);
  pen.text(OAK.x, -1.4, 'live oak, about 90 years', 'note');
}

/** Section north–south through the courtyard: main wing cut, loggia, oak, the east wing beyond. */
function section(pen: Pen): void {
  // Section x runs from the garden (south, left) to the street (north, right): x = plan y.
  const beyond: Volume = { x: 0, w: 14.5, base: 0.6, eave: 7.2, roof: 'flat', ridge: 7.6, overhang: 0.2,
    windows: [[2, 1, 3.5, 2.6, 2, 1], [7.5, 1, 3.5, 2.6, 2, 1], [2, 4.2, 3.5, 2.2, 2, 1], [7.5, 4.2, 3.5, 2.2, 2, 1]] };
  elevate(pen, beyond);
  cut(pen, { x: 14.5, w: 6.5, base: 0.6, eave: 7.2, roof: 'flat', ridge: 7.6, overhang: 0.6, floors: [3.9],
    gapsL: [[0.6, 3.3], [4.2, 6.4]], gapsR: [[1.5, 3], [4.6, 6.2]] });
  pen.rect(11.5, 3.6, 3, 0.3, 'cut');
  pen.rect(11.5, 0.6, 0.25, 3, 'el');
  for (let i = 0; i < 3; i += 1) pen.rect(-0.6 * (i + 1), 0.6 - 0.2 * (i + 1), 0.6, 0.2, 'cut');
  groundCut(pen, [[-4, 0], [-1.8, 0], [-1.8, 0], [0, 0], [22.5, 0]]);
  pen.rect(-1.8, 0, 24.3, 0.6, 'm-hatch45');
  for (const x of [15, 17.7, 20.5]) pen.line(x, 0, x, -2.3, 'dash');
  treeElevation(pen, OAK.y, 0.6, 11.2, 8.5);
  pen.text(14.6, -1.9, 'helical piles', 'note', 'end');
}

export const groveCourtyardHouse: SampleProject = {
  slug: 'grove-courtyard-house',
  name: 'Grove Courtyard House',
  place: 'Coconut Grove, Miami',
  drawings: [
    { file: 'plan.svg', title: 'Ground floor plan', kind: 'plan', extent: [-2.5, -4.5, 30.5, 22.5], draw: plan },
    { file: 'elevation.svg', title: 'South elevation', kind: 'elevation', extent: [-4, -2, 32, 15], draw: elevation },
    { file: 'section.svg', title: 'Section through the courtyard', kind: 'section', extent: [-3.6, -2.6, 22.8, 12.2], draw: section },
  ],
};
