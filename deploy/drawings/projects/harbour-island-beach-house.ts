import type { Pen } from '../pen.js';
import { groundCut, openings, outline, palm, shutters, spaced, treePlan, wall, windowEl } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// Small pavilions around a walled garden and a pool, after the island's older houses: lime-rendered
// masonry, steep hipped roofs, deep verandas, hardwood shutters on every opening; a cistern under the garden.

function plan(pen: Pen): void {
  pen.rect(6, 6, 14, 10, 'm-paving');
  pen.rect(9, 9, 8, 3.5, 'water');
  pen.rect(9, 9, 8, 3.5, 'el');
  pen.rect(6, 16, 14, 3, 'tone');
  for (const x of spaced(6.3, 19.7, 6)) pen.rect(x - 0.2, 15.9, 0.4, 0.4, 'cut');
  outline(pen, [[6, 19], [20, 19], [20, 26], [6, 26]], 0.45, { 0: openings(14, 4, 1.8, 'door'), 2: openings(14, 3, 1.2), 1: openings(7, 1, 1.2), 3: openings(7, 1, 1.2) });
  outline(pen, [[0, 4], [6, 4], [6, 14], [0, 14]], 0.45, { 1: openings(10, 2, 1.6, 'door'), 3: openings(10, 2, 1.2) });
  outline(pen, [[20, 4], [26, 4], [26, 14], [20, 14]], 0.45, { 3: openings(10, 2, 1.6, 'door'), 1: openings(10, 2, 1.2) });
  wall(pen, [0, 0], [26, 0], 0.4, [{ at: 13, w: 2.4, kind: 'gap' }]);
  for (const x of [0, 26]) wall(pen, [x, 0], [x, 4], 0.4);
  for (const x of [6, 20]) wall(pen, [x, 14], [x, 19], 0.4);
  for (const [x, y] of [[8, 2.5], [18, 2.5], [-3, 20]] as const) treePlan(pen, x, y, 2);
  pen.text(13, 22.5, 'LIVING');
  pen.text(3, 9.3, 'ROOMS', 'small');
  pen.text(23, 9.3, 'ROOMS', 'small');
  pen.text(13, 14.4, 'veranda', 'note');
  pen.text(13, 6.9, 'walled garden, cistern below', 'small');
  pen.text(13, 27.4, 'Atlantic and the beach', 'note');
}

function elevation(pen: Pen): void {
  const pavilion = (x: number, w: number, eave: number, ridge: number): Volume => ({ x, w, base: 0.5, eave, roof: 'hip', ridge, overhang: 0.7, wall: 'stucco', roofing: 'seam' });
  const sides = [pavilion(0, 6, 3.6, 7.2), pavilion(20, 6, 3.6, 7.2)];
  elevate(pen, pavilion(6, 14, 4.2, 9.4));
  pen.rect(6, 0.5, 14, 3.4, 'shade');
  for (const x of spaced(6.3, 19.7, 6)) pen.rect(x - 0.15, 0.5, 0.3, 3.2, 'solid-light');
  for (const x of spaced(6.3, 19.7, 6)) pen.rect(x - 0.15, 0.5, 0.3, 3.2, 'el');
  pen.poly([[5.3, 3.7], [20.7, 3.7], [20.7, 4.1], [5.3, 4.1]], 'el');
  for (const v of sides) {
    elevate(pen, v);
    windowEl(pen, v.x + 2.3, 1.1, 1.4, 2, 2, 3);
    shutters(pen, v.x + 2.3, 1.1, 1.4, 2);
  }
  pen.rect(-2, 0, 30, 0.5, 'm-stone');
  pen.rect(-2, 0, 30, 0.5, 'el');
  for (const [x, h] of [[-4, 11], [29.5, 9]] as const) palm(pen, x, 0, h, x < 0 ? 0.6 : -0.6);
  pen.poly([[-8, 0], [33, 0]], 'ground', false);
}

function section(pen: Pen): void {
  cut(pen, { x: 0, w: 6, base: 0.5, eave: 3.6, roof: 'gable', ridge: 7.2, overhang: 0.7, gapsR: [[0.7, 2.9]] }, 0.4);
  cut(pen, { x: 20, w: 6, base: 0.5, eave: 3.6, roof: 'gable', ridge: 7.2, overhang: 0.7, gapsL: [[0.7, 2.9]] }, 0.4);
  groundCut(pen, [[-4, 0], [30, 0]], 3.6);
  pen.rect(7, -3, 12, 2.6, 'cut');
  pen.rect(7.4, -2.6, 11.2, 1.9, 'water');
  pen.text(13, -1.5, 'CISTERN', 'label');
  pen.text(13, 1, 'walled garden', 'note');
  palm(pen, 13, 0, 9, 0.4);
}

export const harbourIslandBeachHouse: SampleProject = {
  slug: 'harbour-island-beach-house',
  name: 'Harbour Island Beach House',
  place: 'Harbour Island, Bahamas',
  drawings: [
    { file: 'plan.svg', title: 'Ground floor plan', kind: 'plan', north: -90, extent: [-5, -1.2, 28, 28.6], draw: plan },
    { file: 'elevation.svg', title: 'Garden elevation', kind: 'elevation', extent: [-8, -1, 33, 11], draw: elevation },
    { file: 'section.svg', title: 'Section through the garden', kind: 'section', extent: [-4, -4.2, 30, 10], draw: section },
  ],
};
