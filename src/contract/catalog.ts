import { Type, type Static } from 'typebox';

// Contract, "Project" and "Service": the public shapes of the read API.
export const Project = Type.Object(
  {
    slug: Type.String({ description: 'Stable identifier, also the last segment of url.' }),
    title: Type.String(),
    location: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    scope: Type.Optional(Type.Array(Type.String(), { description: 'What the studio delivered.' })),
    url: Type.String({ format: 'uri', description: 'Page URL of the project.' }),
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
  },
  { $id: 'Service', title: 'Service' },
);
export type Service = Static<typeof Service>;

