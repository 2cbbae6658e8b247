import { Type, type Static } from 'typebox';
import { LOCATIONS } from './inquiry.js';
import { StringEnum } from './schema-helpers.js';
import { TRIM_KEYWORD } from './text-rules.js';
import { KINDS_OF_WORK, PROJECT_STATUSES, TEAM_ROLES } from './project-facts.js';

// Contract, "Project" and "Service": the public shapes of the read API.

/** The formats every image is published in, best first: a client takes the first it can show. */
export const IMAGE_TYPES = ['image/avif', 'image/webp', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_ROLES = ['cover', 'gallery'] as const;
export type ImageRole = (typeof IMAGE_ROLES)[number];

const pixels = (description: string) => Type.Integer({ minimum: 1, description });

const ImageVariant = Type.Object({
  url: Type.String({ format: 'uri' }),
  width: pixels('Width in pixels.'),
  height: pixels('Height in pixels.'),
}, { additionalProperties: false });

/**
 * A project's or service's image: inline in both (no `$id`), so MCP output schemas stay self-contained.
 * Every URL is content-addressed: it never changes meaning, and its answer may be cached for a year.
 */
export const Image = Type.Object({
  url: Type.String({ format: 'uri', description: 'The largest JPEG: the one URL every client can show.' }),
  alt: Type.String({ description: 'What the image shows, for people who cannot see it.' }),
  caption: Type.Optional(Type.String()),
  role: StringEnum(IMAGE_ROLES, { description: 'cover: the image that stands for the item; gallery: the others, in order.' }),
  width: pixels('Width of the image at `url`.'),
  height: pixels('Height of the image at `url`; every variant has the same aspect ratio.'),
  formats: Type.Array(Type.Object({
    type: StringEnum(IMAGE_TYPES),
    variants: Type.Array(ImageVariant, { minItems: 1, description: 'The sizes made in this format, narrowest first (an HTML srcset).' }),
  }, { additionalProperties: false }), { description: 'Every format the image is made in, best first.' }),
}, { additionalProperties: false });
export type Image = Static<typeof Image>;

const images = (of: string) => Type.Optional(Type.Array(Image, { description: `Pictures of the ${of}: the cover first, then the gallery.` }));

export const Project = Type.Object(
  {
    slug: Type.String({ description: 'Stable identifier, also the last segment of url.' }),
    title: Type.String(),
    location: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    scope: Type.Optional(Type.Array(Type.String(), { description: 'What the studio delivered.' })),
    url: Type.String({ format: 'uri', description: 'Page URL of the project.' }),
    images: images('project'),
    region: Type.Optional(StringEnum(LOCATIONS, { description: 'The region the project is filed under: the values of an inquiry\'s location (the `region` filter).' })),
    year: Type.Optional(Type.Integer({ description: 'The year the project was completed, or is expected to be.' })),
    status: Type.Optional(StringEnum(PROJECT_STATUSES, { description: 'Where the project stands: completed, under construction, or in design.' })),
    size: Type.Optional(Type.Object({
      square_feet: Type.Integer({ minimum: 1, description: 'Floor area in square feet, as the studio states it.' }),
      square_meters: Type.Integer({ minimum: 1, description: 'The same floor area in square meters, rounded to a whole number.' }),
    }, { additionalProperties: false, description: 'The floor area of the house, in both units.' })),
    work: Type.Optional(Type.Array(StringEnum(KINDS_OF_WORK), {
      minItems: 1, description: 'The kinds of work the project is (the `work` filter): a new house, a renovation, a garden, an interior.',
    })),
    team: Type.Optional(Type.Array(Type.Object({
      role: StringEnum(TEAM_ROLES, { description: 'The role on the project team.' }),
      name: Type.String({ description: 'Who held it: a person or a firm.' }),
    }, { additionalProperties: false }), { minItems: 1, description: 'The people and firms credited on the project, in the studio\'s order.' })),
    photographer: Type.Optional(Type.String({ description: 'Whom the photographs are credited to.' })),
    services: Type.Optional(Type.Array(Type.String(), {
      minItems: 1, description: 'The services this project shows, by their slug in GET /api/v1/services.',
    })),
  },
  { $id: 'Project', title: 'Project' },
);
export type Project = Static<typeof Project>;

export const Service = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    description: Type.Optional(Type.String()),
    capabilities: Type.Optional(Type.String({ description: 'A single string, not an array.' })),
    url: Type.String({ format: 'uri', description: 'Page URL of the service.' }),
    images: images('service'),
  },
  { $id: 'Service', title: 'Service' },
);
export type Service = Static<typeof Service>;

const workFilter = StringEnum(KINDS_OF_WORK, {
  [TRIM_KEYWORD]: true, description: 'Optional filter: only projects that include this kind of work.',
});

/**
 * The filters of the list_projects tool, all optional. Each is trimmed before its rules apply, so a
 * location of only spaces is refused like an empty one rather than matching every project.
 */
export const ProjectFilters = Type.Object({
  region: Type.Optional(StringEnum(LOCATIONS, {
    [TRIM_KEYWORD]: true, description: 'Optional filter: the region the project is filed under (the values of an inquiry\'s location).',
  })),
  location: Type.Optional(Type.String({
    [TRIM_KEYWORD]: true, minLength: 1, description: 'Optional filter: text the project location must contain, case-insensitive, e.g. "Miami".',
  })),
  work: Type.Optional(workFilter),
}, { additionalProperties: false });
export type ProjectFilters = Static<typeof ProjectFilters>;

/**
 * The query of GET /api/v1/projects and of the projects page: the region and the kind of work, each
 * optional, the same rules as the tool's. Unknown parameters are ignored (a campaign's tag must not
 * break a link); a value outside a list is the contract's 400.
 */
export const ProjectListQuery = Type.Object({
  region: ProjectFilters.properties.region,
  work: ProjectFilters.properties.work,
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;
