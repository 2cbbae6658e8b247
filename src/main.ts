import module from 'node:module';

// The entry point. Node (≥ 22.1) keeps the code it compiles for the bundle's files (deploy/bundle.mjs) in a
// cache on disk, so a restart compiles none of them again: enabled before anything else is loaded, since
// what is imported before this call is not cached. Node picks the directory (NODE_COMPILE_CACHE if set, else
// <os tmpdir>/node-compile-cache) and NODE_DISABLE_COMPILE_CACHE=1 turns it off; an unwritable directory
// only leaves it off. Node 20 has no such cache.
module.enableCompileCache?.();
await import('./start.js');
