import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { bundledSource } from './bundle.js';

export interface StudioRun { code: number; stdout: string; stderr: string }

/** The operator command `studio` (bundled from the source under test), run as a child process against a server's DATABASE_URL. */
export function studio(databaseUrl: string, ...args: string[]): Promise<StudioRun> {
  return studioWith({ DATABASE_URL: databaseUrl }, ...args);
}

/** `studio` with these variables set (the server's own, e.g. its notification channels). */
export function studioWith(env: Record<string, string>, ...args: string[]): Promise<StudioRun> {
  return runStudio(env, undefined, args);
}

/** `studio` with `input` on its standard input, which is then closed (e.g. `--password-stdin`). */
export function studioWithInput(env: Record<string, string>, input: string, ...args: string[]): Promise<StudioRun> {
  return runStudio(env, input, args);
}

function runStudio(env: Record<string, string>, input: string | undefined, args: string[]): Promise<StudioRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(bundledSource(), 'cli', 'main.js'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
    if (input !== undefined) child.stdin?.end(input);
  });
}
