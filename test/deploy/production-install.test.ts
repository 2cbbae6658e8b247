import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { validInquiry, postInquiry } from '../helpers/inquiries.js';
import { startSmtpSink, startWebhookReceiver, type SmtpSink, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { PATHS } from '../../src/contract/paths.js';
import { collectLines } from '../helpers/lines.js';
import { connect as connectMcp, structured } from '../helpers/mcp.js';
import { apiCall, registerClient, requestToken } from '../helpers/oauth-helpers.js';
import { freePort } from '../helpers/server.js';

// The production path, on a copy of the repository as a clone has it: deploy/build.sh (the very steps the
// Dockerfile's build stage runs), then, in a folder holding only what the image's runtime stage copies,
// `npm start` with no dev dependency installed, the operator command, a content reload by SIGHUP, and
// SIGTERM to `npm start`. Between them, one call to each surface: the suite runs src/ through tsx, and
// this is where the bundle in dist/ (deploy/bundle.mjs), its lazily loaded chunks among it, answers.
// Prints the cold start and the RSS at idle.

const ROOT = process.cwd();

/** The environment of a shell outside npm: npm_* variables of an enclosing `npm test` would steer the inner npm. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$|NODE$)/i.test(key)));
  // The node that runs this test also runs npm, the build and the service (CI runs the suite on several).
  return { ...env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}

/** The files a fresh clone would have: tracked ones and new ones not ignored (no node_modules, dist, data). */
function copyRepository(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0').filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
}

/**
 * better-sqlite3 13 ships prebuilt Node-API binaries; its 12 line, installed for Node 20 as the alias
 * better-sqlite3-node20, takes a prebuilt binary from a local folder before trying to download one. This
 * machine reaches no download site, and compiling from source takes minutes: the binary this checkout
 * already built (for the node running this test) is packed there under the name the installer looks for.
 */
function localPrebuilds(dir: string): Record<string, string> {
  const pkg = join(ROOT, 'node_modules', 'better-sqlite3-node20');
  const binary = 'build/Release/better_sqlite3.node';
  if (!existsSync(join(pkg, binary))) return {};
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(dir, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(dir, name), '-C', pkg, binary]);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

/** The paths the Dockerfile's runtime stage (its last FROM) copies from the build stage's /app. */
function runtimeStagePaths(): string[] {
  const stages = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split(/^FROM /m);
  return [...stages.at(-1)!.matchAll(/^COPY --from=build (?:--chown=\S+ )?\/app\/(\S+) /gm)].map((match) => match[1]!);
}

/** Moves what the runtime stage copies from `build` into `image`: whatever else the service needed would be missing there. */
function layOutImage(build: string, image: string): void {
  for (const path of runtimeStagePaths()) {
    if (!existsSync(join(build, path))) {
      // Only the image cache is made in the image itself (its build stage's `studio images build`), and a start makes it too.
      assert.equal(path, 'image-cache', `the runtime stage copies ${path}, which the build does not make`);
      continue;
    }
    mkdirSync(dirname(join(image, path)), { recursive: true });
    renameSync(join(build, path), join(image, path));
  }
}

/** Runs a command to the end, its output into `log`; rejects with the log's tail when it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string): Promise<void> {
  const out = openSync(log, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${readFileSync(log, 'utf8').slice(-3000)}`));
    });
  });
}

function studio(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'studio', '--', ...args], { cwd, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

/** The processes `pid` started (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('production install: build, drop the dev dependencies, start, serve, stop', { skip: process.platform !== 'linux' && 'reads /proc (Linux only)' }, () => {
  let dir: string;
  let app: string;
  let url: string;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess;
  let node: number;
  let coldStartMs: number;
  let smtp: SmtpSink;
  let webhook: WebhookReceiver;
  const lines: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-prod-'));
    const build = join(dir, 'build');
    app = join(dir, 'app');
    copyRepository(build);
    const started = performance.now();
    // Packages come from the local npm cache where it has them, else from the registry; nothing else is reached.
    await run('sh', ['deploy/build.sh'], build, cleanEnv({ npm_config_prefer_offline: 'true', ...localPrebuilds(join(dir, 'prebuilds')) }), join(dir, 'build.log'));
    console.log(`deploy/build.sh: ${Math.round((performance.now() - started) / 1000)} s`);
    layOutImage(build, app);

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    smtp = await startSmtpSink();
    webhook = await startWebhookReceiver();
    env = cleanEnv({
      PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, LOG_LEVEL: 'info',
      SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@example.com', INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret,
    });
    const spawned = performance.now();
    server = spawn('npm', ['start'], { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'] });
    collectLines(server.stdout!, lines);
    await until(async () => ((await fetch(`${url}/healthz`)).status === 200 ? true : undefined), 'the first 200 of /healthz', 60_000);
    coldStartMs = performance.now() - spawned;
  }, { timeout: 600_000 });

  after(async () => {
    await Promise.all([smtp?.close(), webhook?.close()]);
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (node && alive(node)) process.kill(node, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('installs no dev dependency, and keeps the build', () => {
    const { devDependencies } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const present = Object.keys(devDependencies).filter((name) => existsSync(join(app, 'node_modules', name)));
    assert.deepEqual(present, [], 'dev dependencies in node_modules');
    assert.ok(!existsSync(join(app, 'node_modules', '.bin', 'tsc')) && !existsSync(join(app, 'node_modules', '.bin', 'tsx')));
    assert.ok(existsSync(join(app, 'dist', 'main.js')) && existsSync(join(app, 'dist', 'cli', 'main.js')));
  });

  it('`npm start` runs the built service as its own process, which answers the API', async () => {
    console.log(`cold start (spawn of npm start to the first 200): ${Math.round(coldStartMs)} ms`);
    // The script execs node: npm's one child is the service itself, with no shell between them to lose signals.
    const children = childrenOf(server.pid!);
    assert.equal(children.length, 1, `npm's children: ${children.join(', ')}`);
    node = children[0]!;
    // Exactly the script's node arguments (the young generation's size among them: bench/README.md).
    const start = (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const [, ...args] = start.replace(/^exec /, '').split(' ');
    assert.deepEqual(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0').slice(1, -1), args);
    const projects = await fetch(`${url}/api/v1/projects`);
    assert.equal(projects.status, 200);
    assert.ok(((await projects.json()) as { projects: unknown[] }).projects.length > 0);
    await new Promise((r) => setTimeout(r, 2_000));
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${node}/status`, 'utf8'))?.[1];
    console.log(`RSS at idle: ${Math.round(Number(rss) / 1024)} MiB (the node process; npm adds its own)`);
  });

  it('serves the pages with their stylesheet from the files the image holds', async () => {
    const home = await fetch(`${url}/`);
    assert.equal(home.status, 200);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(await home.text())?.[1];
    assert.ok(stylesheet, 'the home page links its stylesheet');
    const css = await fetch(new URL(stylesheet, url));
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
  });

  it('answers OAuth, a bearer call, MCP and an inquiry, and delivers the inquiry by mail and webhook', async (t) => {
    const token = await requestToken(url, await registerClient(url));
    assert.equal((await apiCall(url, `Bearer ${token}`)).status, 200);
    const forged = await apiCall(url, `Bearer ${token.slice(0, -4)}AAAA`);
    assert.equal(forged.status, 401);
    assert.match(forged.headers.get('www-authenticate') ?? '', /^Bearer /);

    const mcp = await connectMcp(t, url);
    const listed = structured(await mcp.callTool({ name: 'list_projects', arguments: {} }));
    assert.ok((listed.projects as unknown[]).length > 0);

    const inquiry = validInquiry();
    const accepted = await postInquiry(url, PATHS.contact, inquiry);
    assert.equal(accepted.status, 200, await accepted.text());
    await until(async () => (smtp.mails.length > 0 && webhook.received.length > 0 ? true : undefined), 'the mail and the webhook', 20_000);
    assert.equal(webhook.received.length, 1);
    const { id, name } = webhook.received[0]!.payload.data;
    assert.equal(name, inquiry.name);
    assert.ok(smtp.mails[0]!.raw.includes(id), 'the mail names the inquiry the webhook named');
  });

  it('runs the operator command without tsx', async () => {
    const listed = await studio(app, env, 'inbox', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    const unknown = await studio(app, env, 'no-such-command');
    assert.notEqual(unknown.code, 0, 'a failing command exits non-zero through npm run');
  });

  it('reloads the content on SIGHUP', async () => {
    const file = join(app, 'content', 'projects', 'aspen-ranch-house.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Aspen Reloaded House"'));
    process.kill(node, 'SIGHUP');
    await until(async () => ((await (await fetch(`${url}/api/v1/projects`)).text()).includes('Aspen Reloaded House') ? true : undefined),
      'the new title after SIGHUP', 20_000);
    // The new app answers as soon as it is in; the log line that says so may reach the pipe just after.
    await until(async () => (lines.some((line) => line.includes('content reloaded')) ? true : undefined), 'the reload log line', 5_000);
  });

  it('stops gracefully on SIGTERM to `npm start`: the service logs it, exits, and npm exits 0', async () => {
    server.kill('SIGTERM');
    // 'close', not 'exit': by then everything the process wrote has been read.
    const [code] = await once(server, 'close') as [number | null];
    assert.equal(code, 0, `npm start exited ${code}; the service's last lines:\n${lines.slice(-6).join('\n')}`);
    assert.ok(lines.some((line) => line.includes('shutting down')), 'the shutdown log line');
    // npm's own lines ("> studio-api@… start") share the pipe; the service's are JSON.
    const stopped = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; ms?: number })
      .find((entry) => entry.msg === 'stopped');
    assert.ok(stopped, 'the log line that says the service stopped');
    console.log(`shutdown (SIGTERM to the service's exit): ${stopped.ms} ms`);
    await until(async () => (alive(node) ? undefined : true), 'the service process to end', 10_000);
  });
});
