import type { Pen } from '../pen.js';
import { archEl, groundCut, openings, outline, palm, spaced, stair, treePlan, wall, windowEl } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// A 1926 Mediterranean Revival house: stucco, barrel-tile roofs, arched openings, replica steel casements;
// the 1970s family room replaced by a smaller arcaded loggia wing in keeping with the original massing.

function elevation(pen: Pen): void {
  const casement = (x: number, y: number): [number, number, number, number, number, number] => [x, y, 1.2, 1.9, 2, 4];
  const house: Volume = { x: 0, w: 14, base: 0.4, eave: 7, roof: 'hip', ridge: 9.2, overhang: 0.6, wall: 'stucco', roofing: 'tile',
    windows: [casement(1.4, 4.2), casement(4.4, 4.2), casement(8.4, 4.2), casement(11.4, 4.2)] };
  const tower: Volume = { x: 5.6, w: 3.6, base: 0.4, eave: 9.4, roof: 'hip', ridge: 10.8, overhang: 0.5, wall: 'stucco', roofing: 'tile', windows: [[1.2, 7.6, 1.2, 1.3, 2, 2]] };
  const loggia: Volume = { x: 14, w: 9, base: 0.4, eave: 4, roof: 'barrel', ridge: 5.4, overhang: 0.5, wall: 'stucco', roofing: 'tile' };
  elevate(pen, house);
  elevate(pen, tower);
  elevate(pen, loggia);
  for (const x of [1.2, 10.8]) archEl(pen, x, 0.5, 2, 3);
  archEl(pen, 6.4, 0.5, 2, 3.2);
  for (const x of spaced(14.8, 19.8, 3)) archEl(pen, x, 0.4, 2.2, 3, false);
  windowEl(pen, 6.8, 4.4, 1.2, 1.7, 2, 4);
  pen.rect(-4, -0.4, 31, 0.4, 'solid-light');
  for (const [x, h] of [[-3, 11], [26.5, 9]] as const) palm(pen, x, 0, h, x < 0 ? 0.5 : -0.6);
  pen.poly([[-7, 0], [30, 0]], 'ground', false);
}

function plan(pen: Pen): void {
  pen.rect(14, 0, 9, 7, 'm-paving');
  outline(pen, [[0, 0], [14, 0], [14, 12], [0, 12]], 0.4, {
    0: [{ at: 2.2, w: 2, kind: 'window' }, { at: 7.4, w: 2, kind: 'door' }, { at: 11.8, w: 2, kind: 'window' }],
    1: openings(12, 2, 2, 'slider'), 2: openings(14, 4, 1.2), 3: openings(12, 3, 1.2),
  });
  wall(pen, [7, 0], [7, 12], 0.3, [{ at: 3, w: 1.4, kind: 'gap' }, { at: 9, w: 1, kind: 'door' }]);
  wall(pen, [0, 6], [7, 6], 0.2, [{ at: 4.5, w: 1.2, kind: 'gap' }]);
  stair(pen, 8, 7, 1.3, 4.2, 14);
  for (const x of spaced(14.8, 22.2, 4)) pen.rect(x - 0.35, 6.6, 0.7, 0.7, 'cut');
  outline(pen, [[14, 7], [23, 7], [23, 12], [14, 12]], 0.4, { 1: openings(5, 1, 1.6), 2: openings(9, 2, 1.4) });
  treePlan(pen, 19, -4.5, 3.5);
  pen.text(3.5, 9, 'LIVING');
  pen.text(3.5, 3, 'DINING');
  pen.text(18.5, 9.5, 'LOGGIA');
  pen.text(11, -3, 'new loggia wing', 'note', 'start');
}

function section(pen: Pen): void {
  const v: Volume = { x: 0, w: 12, base: 0.4, eave: 7, roof: 'gable', ridge: 9.6, overhang: 0.6, floors: [3.8], gapsL: [[0.9, 3.2], [4.4, 6.2]], gapsR: [[0.9, 3.2], [4.4, 6.2]] };
  pen.rect(0, 0.4, 12, 9.2, 'solid-light');
  cut(pen, v, 0.4);
  pen.rect(0.4, 6.6, 11.2, 0.12, 'el');
  for (const x of spaced(0.8, 11.2, 14)) pen.line(x, 6.6, x, 6.72, 'hatch');
  pen.rect(4.5, 7.4, 3, 1.1, 'el');
  pen.line(4.5, 7.95, 7.5, 7.95, 'fine');
  pen.rect(-0.2, -1, 12.4, 1.4, 'cut');
  groundCut(pen, [[-4, 0], [16, 0]]);
  pen.text(6, 7.9, 'rebuilt attic: new systems', 'small');
  pen.text(6, 5.6, 'pecky cypress ceiling', 'note');
  pen.text(6, 1.8, 'LIVING', 'label');
}

export const coralGablesMediterraneanRestoration: SampleProject = {
  slug: 'coral-gables-mediterranean-restoration',
  name: 'Coral Gables Mediterranean Restoration',
  place: 'Coral Gables, Florida',
  drawings: [
    { file: 'elevation.svg', title: 'Street elevation', kind: 'elevation', extent: [-7, -1, 30, 12], draw: elevation },
    { file: 'plan.svg', title: 'Ground floor plan', kind: 'plan', extent: [-1, -8.5, 24, 13], draw: plan },
    { file: 'section.svg', title: 'Cross section', kind: 'section', extent: [-4, -1.6, 16, 10.5], draw: section },
  ],
};
