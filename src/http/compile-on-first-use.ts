import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

// Fastify compiles every route's response schemas (fast-json-stringify) when the app becomes ready: most
// of a start's own CPU after module loading, for routes most processes never answer. Here each is compiled
// on its route's first answer and kept, so a start does none of it and a route pays once.

/** A function made by `make` the first time it is called, and kept. */
export function madeOnFirstCall<A extends unknown[], R>(make: () => (...args: A) => R): (...args: A) => R {
  let made: ((...args: A) => R) | undefined;
  return (...args) => (made ??= make())(...args);
}

/** Fastify's own serializer factory (the one it uses by default), with each route's serializer compiled on first use. */
export const serializersOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => madeOnFirstCall(() => compile(route));
};
