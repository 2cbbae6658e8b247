import type { Pen } from '../pen.js';
import { groundCut, openings, outline, piles, spaced, treeElevation, treePlan, wall } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// Three linked gabled volumes after the farm buildings on the lane: the house, a lower kitchen wing, the
// studio with its north clerestory; a raised, flood-vented foundation; a Douglas fir frame under cedar shingles.

function plan(pen: Pen): void {
  pen.rect(-16, -7, 50, 25, 'm-meadow');
  pen.rect(-13, 0, 9, 7, 'solid-light');
  pen.rect(0, -0.5, 16, 8.5, 'solid-light');
  pen.rect(19, 0.5, 10, 7, 'solid-light');
  pen.rect(20, 9, 8, 6, 'solid-light');
  outline(pen, [[-13, 0], [-4, 0], [-4, 7], [-13, 7]], 0.35, { 0: openings(9, 2, 2.2), 2: openings(9, 3, 2) });
  outline(pen, [[0, -0.5], [16, -0.5], [16, 8], [0, 8]], 0.35, { 0: openings(16, 3, 3.2, 'slider'), 2: [{ at: 4, w: 1, kind: 'door' }, { at: 10, w: 1.2, kind: 'window' }] });
  outline(pen, [[19, 0.5], [29, 0.5], [29, 7.5], [19, 7.5]], 0.35, { 0: openings(10, 2, 3, 'slider'), 1: openings(7, 1, 1.6), 2: openings(10, 1, 1.4) });
  for (const [x0, x1] of [[-4, 0], [16, 19]] as const) {
    wall(pen, [x0, 2.5], [x1, 2.5], 0.2, [{ at: (x1 - x0) / 2, w: x1 - x0 - 0.6, kind: 'window' }]);
    wall(pen, [x0, 5.5], [x1, 5.5], 0.2, [{ at: (x1 - x0) / 2, w: x1 - x0 - 0.6, kind: 'window' }]);
  }
  outline(pen, [[20, 9], [28, 9], [28, 15], [20, 15]], 0.45, { 0: [{ at: 4, w: 1.2, kind: 'gap' }] });
  for (const x of spaced(21.5, 26.5, 4)) pen.rect(x - 0.5, 10, 1, 4, 'fine');
  pen.line(-16, -4, 34, -4, 'dot');
  for (const [x, y, r] of [[-10, 12, 3], [6, 14, 3.6], [33, 3, 2.6]] as const) treePlan(pen, x, y, r);
  pen.text(8, 3.3, 'HOUSE');
  pen.text(24, 3.6, 'KITCHEN');
  pen.text(-8.5, 3.1, 'STUDIO');
  pen.text(24, 16.2, 'walled garden', 'note');
  pen.text(-15, -5.6, 'mown path through the meadow', 'note', 'start');
}

/** The three volumes from the south: main house eaves-on, the kitchen lower, the studio's gable end. */
function elevation(pen: Pen): void {
  const roofs: Volume[] = [
    { x: -13, w: 9, base: 1, eave: 4.4, roof: 'gable', ridge: 8.6, overhang: 0.4, wall: 'shingle', windows: [[2.2, 1.6, 4.6, 2.2, 4, 1]] },
    { x: 19, w: 10, base: 1, eave: 3.6, roof: 'eaves', ridge: 6.6, overhang: 0.5, wall: 'shingle', roofing: 'shingle', windows: [[1.5, 1.3, 3, 2.3, 3, 1], [5.5, 1.3, 3, 2.3, 3, 1]] },
    { x: 0, w: 16, base: 1, eave: 4.6, roof: 'eaves', ridge: 9.2, overhang: 0.5, wall: 'shingle', roofing: 'shingle', windows: [[1.2, 1.3, 3.4, 2.8, 3, 1], [6.3, 1.3, 3.4, 2.8, 3, 1], [11.4, 1.3, 3.4, 2.8, 3, 1]] },
  ];
  for (const v of roofs) elevate(pen, v);
  for (const [x0, x1] of [[-4, 0], [16, 19]] as const) {
    pen.rect(x0, 1, x1 - x0, 2.9, 'glass');
    pen.rect(x0, 1, x1 - x0, 3.2, 'el');
  }
  pen.rect(-13, 0, 42, 1, 'solid-light');
  pen.rect(-13, 0, 42, 1, 'el');
  for (const x of spaced(-11, 27, 9)) pen.rect(x, 0.35, 0.4, 0.3, 'el');
  treeElevation(pen, 33, 0, 8, 3);
  pen.poly([[-17, 0], [35, 0]], 'ground', false);
}

/** Across the main house: the raised foundation, a timber bent with collar and braces, the roof over it. */
function section(pen: Pen): void {
  const v: Volume = { x: 0, w: 8.5, base: 1, eave: 4.6, roof: 'gable', ridge: 9.2, overhang: 0.45, gapsL: [[1.1, 3.9]],
    windows: [[3.2, 1.6, 2.1, 2.2, 2, 2]] };
  pen.rect(0, 1, 8.5, 8.2, 'solid-light');
  const post = (x: number): void => pen.rect(x, 1, 0.3, 3.6, 'el');
  post(0.5);
  post(7.7);
  pen.rect(0.5, 4.3, 7.5, 0.35, 'el');
  pen.rect(2.6, 7, 3.3, 0.3, 'el');
  for (const [x0, y0, x1, y1] of [[0.8, 3.4, 1.8, 4.3], [7.7, 3.4, 6.7, 4.3], [4.25, 4.65, 4.25, 9]] as const) pen.line(x0, y0, x1, y1, 'el');
  pen.line(0.6, 4.6, 4.25, 9, 'el');
  pen.line(7.9, 4.6, 4.25, 9, 'el');
  cut(pen, v);
  pen.rect(-0.3, -1.2, 9.1, 1.9, 'cut');
  pen.rect(0.1, -0.9, 8.3, 1.6, 'solid-light');
  pen.rect(0.1, -0.9, 8.3, 1.6, 'm-hatch45');
  piles(pen, [-0.1, 8.6], 0.2, 0.5, 0.5, 'solid-light');
  groundCut(pen, [[-5, 0], [-0.3, 0], [8.8, 0], [14, 0]]);
  treeElevation(pen, 11.5, 0, 7.5, 2.4);
  pen.text(-0.8, 0.35, 'flood vent', 'note', 'end');
  pen.line(9.3, 9.1, 6.1, 7.2, 'fine');
  pen.text(9.5, 9, 'Douglas fir bent', 'note', 'start');
}

export const sagaponackBarnHouse: SampleProject = {
  slug: 'sagaponack-barn-house',
  name: 'Sagaponack Barn House',
  place: 'Sagaponack, New York',
  drawings: [
    { file: 'section.svg', title: 'Section through the main barn', kind: 'section', extent: [-5.5, -1.6, 14.5, 10.2], draw: section },
    { file: 'elevation.svg', title: 'South elevation', kind: 'elevation', extent: [-17, -1, 35, 10], draw: elevation },
    { file: 'plan.svg', title: 'Ground floor and site', kind: 'plan', extent: [-16, -7, 34, 18], draw: plan },
  ],
};
