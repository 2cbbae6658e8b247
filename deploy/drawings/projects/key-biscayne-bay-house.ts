import type { Pen } from '../pen.js';
import { type Opening, groundCut, openings, outline, palm, piles, spaced, stair, treeElevation, water, waterPlan } from '../parts.js';
import type { SampleProject } from '../sheet.js';
import { cut, elevate, type Volume } from '../volumes.js';

// On augered piles above the flood elevation: an open ground level, one long living floor along the bay to
// the west behind impact glass and operable louvers, bedrooms on a partial upper floor set back.

function section(pen: Pen): void {
  const main: Volume = { x: 0, w: 13, base: 3.8, eave: 7.2, roof: 'shed', ridge: 7.9, overhang: 0.8, floors: [], gapsL: [[3.9, 6.9]] };
  const upper: Volume = { x: 5, w: 8, base: 7.5, eave: 10.2, roof: 'shed', ridge: 10.8, overhang: 0.6, gapsL: [[7.8, 9.8]], gapsR: [[8, 9.6]] };
  cut(pen, main);
  cut(pen, upper);
  pen.rect(-4, 3.55, 4, 0.25, 'cut');
  for (const x of spaced(-3.8, -0.3, 12)) pen.line(x, 3.8, x, 6.9, 'hatch');
  pen.rect(-4, 6.9, 4, 0.15, 'el');
  piles(pen, [-3.6, 0.3, 6.5, 12.7], -7, 3.5, 0.45, 'cut');
  groundCut(pen, [[-12, 0.6], [-8, 0.6], [-8, 0], [18, 0]], 1.6);
  pen.rect(-8.4, -2.2, 0.4, 2.8, 'cut');
  water(pen, -20, -8.4, -0.2, 2.6);
  pen.line(-20, 3.2, 18, 3.2, 'accent');
  pen.text(-19.5, 3.6, 'base flood elevation', 'note', 'start');
  pen.text(6.5, 1.1, 'open ground level', 'note');
  pen.text(-14, -1.6, 'BISCAYNE BAY');
  pen.text(6.5, 5, 'LIVING', 'label');
  palm(pen, 16, 0, 10, 0.8);
}

function elevation(pen: Pen): void {
  const main: Volume = { x: 0, w: 26, base: 3.8, eave: 7.2, roof: 'eaves', ridge: 7.9, overhang: 1.2, wall: 'siding', roofing: 'seam',
    windows: [[0.6, 4, 24.8, 3, 8, 1]] };
  const upper: Volume = { x: 5, w: 16, base: 7.5, eave: 10.2, roof: 'eaves', ridge: 10.8, overhang: 0.6, wall: 'siding', roofing: 'seam',
    windows: [[1, 8, 3.2, 1.8, 2, 1], [6.4, 8, 3.2, 1.8, 2, 1], [11.8, 8, 3.2, 1.8, 2, 1]] };
  elevate(pen, upper);
  elevate(pen, main);
  for (const x of spaced(0.2, 25.8, 70)) pen.line(x, 3.9, x, 6.9, 'hatch');
  pen.rect(0, 3.5, 26, 0.35, 'cut');
  pen.rect(0, 4.5, 26, 0.05, 'fine');
  piles(pen, spaced(0.5, 25.5, 6), 0, 3.5, 0.45);
  pen.rect(0, 0, 26, 3.5, 'shade');
  for (const [x, h] of [[-4, 9], [30, 11]] as const) palm(pen, x, 0, h, x < 0 ? -0.7 : 0.7);
  treeElevation(pen, 33.5, 0, 4, 2.3);
  pen.poly([[-9, 0], [37, 0]], 'ground', false);
}

function plan(pen: Pen): void {
  waterPlan(pen, [[-14, -2], [-9, -2], [-9, 14], [-14, 14]], [-13.5, -1.5, -9.5, 13.5]);
  pen.line(-9, -2, -9, 14, 'prof');
  pen.rect(-4, 0, 4, 12, 'm-deck');
  pen.rect(-4, 0, 4, 12, 'fine');
  pen.line(-4, 0, -4, 12, 'dash');
  outline(pen, [[0, 0], [26, 0], [26, 12], [0, 12]], 0.3, {
    0: openings(26, 3, 1.4), 1: openings(12, 2, 1.4), 2: openings(26, 3, 1.4),
    3: [{ at: 2.2, w: 3.4, kind: 'slider' }, { at: 6, w: 3.4, kind: 'slider' }, { at: 9.8, w: 3.4, kind: 'slider' }] as Opening[],
  });
  stair(pen, 20, 8, 1.2, 3.6, 12, false);
  pen.rect(10, 7.5, 5, 1.2, 'el');
  pen.text(5, 6, 'LIVING');
  pen.text(12.5, 3, 'DINING');
  pen.text(20, 4, 'KITCHEN');
  pen.text(-2, -1.4, 'terrace', 'note');
}

export const keyBiscayneBayHouse: SampleProject = {
  slug: 'key-biscayne-bay-house',
  name: 'Key Biscayne Bay House',
  place: 'Key Biscayne, Florida',
  drawings: [
    { file: 'section.svg', title: 'Section to the bay', kind: 'section', extent: [-20, -8, 19, 12], draw: section },
    { file: 'elevation.svg', title: 'West elevation, bay side', kind: 'elevation', extent: [-9, -1, 37, 13], draw: elevation },
    { file: 'plan.svg', title: 'Main floor plan', kind: 'plan', north: -90, extent: [-14.5, -3, 27, 14.5], draw: plan },
  ],
};
