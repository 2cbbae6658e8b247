// The facts a project may state, as closed lists: the content files, the API, the agent tools' filters,
// the project pages and their words all read these lists, so a value added here fails the typecheck
// wherever it has no word yet (src/words/en.ts and es.ts).

/** Where a project stands. */
export const PROJECT_STATUSES = ['completed', 'under-construction', 'in-design'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The kinds of work a project is (one or more): what a homeowner filters the portfolio by. */
export const KINDS_OF_WORK = ['new-house', 'renovation', 'garden', 'interior'] as const;
export type KindOfWork = (typeof KINDS_OF_WORK)[number];

/** The trade's roles on a project team, as the studio credits them. */
export const TEAM_ROLES = [
  'architect', 'interior-designer', 'landscape-designer', 'builder', 'project-manager', 'structural-engineer',
  'civil-engineer', 'mep-engineer', 'lighting-designer', 'preservation-consultant', 'owner-representative',
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The square meters in a square foot: the international foot is exactly 0.3048 m. */
const SQUARE_METERS_PER_SQUARE_FOOT = 0.3048 * 0.3048;

/** A floor area given in square feet, in whole square meters: derived, never written in content. */
export function squareMetersOf(squareFeet: number): number {
  return Math.round(squareFeet * SQUARE_METERS_PER_SQUARE_FOOT);
}
