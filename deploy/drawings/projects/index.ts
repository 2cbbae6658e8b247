import type { SampleProject } from '../sheet.js';
import { amagansettDuneCottage } from './amagansett-dune-cottage.js';
import { aspenRanchHouse } from './aspen-ranch-house.js';
import { bayHarborTownhouses } from './bay-harbor-townhouses.js';
import { coralGablesMediterraneanRestoration } from './coral-gables-mediterranean-restoration.js';
import { groveCourtyardHouse } from './grove-courtyard-house.js';
import { harbourIslandBeachHouse } from './harbour-island-beach-house.js';
import { keyBiscayneBayHouse } from './key-biscayne-bay-house.js';
import { nantucketShingleCottage } from './nantucket-shingle-cottage.js';
import { sagHarborWhalingHouse } from './sag-harbor-whaling-house.js';
import { sagaponackBarnHouse } from './sagaponack-barn-house.js';
import { waterMillPondHouse } from './water-mill-pond-house.js';

/** The sample firm's projects, by the slug of their Markdown in content/projects/. Each drawing's first is its cover. */
export const SAMPLE_PROJECTS: SampleProject[] = [
  groveCourtyardHouse, sagaponackBarnHouse, nantucketShingleCottage, keyBiscayneBayHouse, amagansettDuneCottage,
  harbourIslandBeachHouse, coralGablesMediterraneanRestoration, sagHarborWhalingHouse, aspenRanchHouse,
  bayHarborTownhouses, waterMillPondHouse,
];
