import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

// The service and the operator command as `npm run build` bundles them (deploy/bundle.mjs), made from the
// source under test once per test process. Spawning the bundle costs a tenth of spawning the source
// through tsx (0.4 s against 4 s for a `studio` command on the 2-core machine), and it is what users run.
// Each process bundles into a folder of its own, so files running in parallel never rebuild one another's
// (or the developer's dist/).

const BUNDLES = '.test-bundles';
let folder: string | undefined;

/** The folder of this process's bundle (main.js, cli/main.js), made on the first call, removed at exit. */
export function bundledSource(): string {
  if (folder !== undefined) return folder;
  const made = join(BUNDLES, String(process.pid));
  execFileSync(process.execPath, ['deploy/bundle.mjs', made], { stdio: 'inherit' });
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return (folder = made);
}
