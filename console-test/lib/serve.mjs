// A fresh dsh home with the Yuanbao plugin pointed at the stub, and `dsh serve` on a free port.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ROW = 'web-search-yuanbao';
export const PLUGIN = 'dsh-web-search-yuanbao';
export const REF = 'TENCENTCLOUD_WSA_APIKEY';
/** The user's own line in cordis.patch.yml: the console never writes that file. */
export const COMMENT = '# my own note: the console must keep this line as it is';

// Nothing of the caller's environment may give the host a key, a home, a token or a pin.
const CLEAN_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => ![REF, 'DSH_HOME', 'DSH_SERVE_TOKEN', 'DSH_WEB_SEARCH_PROVIDER', 'DSH_PROFILE'].includes(k),
  ),
);

/** The plugin jar the Maven build left in yuanbao-plugin/target. */
export function pluginJar() {
  const dir = path.join(ROOT, 'yuanbao-plugin/target');
  const jar = fs.existsSync(dir)
    ? fs.readdirSync(dir).find((f) => /^dsh-web-search-yuanbao-[0-9][^/]*\.jar$/.test(f))
    : undefined;
  if (!jar) throw new Error(`no ${dir}/dsh-web-search-yuanbao-*.jar: build first (mvn -DskipTests package)`);
  return path.join(dir, jar);
}

/** Runs ./dsh with args (stdin optional); resolves {stdout, stderr}, rejects on a non-zero exit. */
export function dsh(args, input) {
  return new Promise((resolve, reject) => {
    const child = execFile(path.join(ROOT, 'dsh'), args, { env: CLEAN_ENV, timeout: 180_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`./dsh ${args.join(' ')} failed (${err.code}): ${stderr}`));
        else resolve({ stdout, stderr });
      });
    child.stdin.end(input ?? '');
  });
}

/**
 * A new home under a new temporary folder: the plugin added with `dsh plugin add`, a user layer
 * pointing the row's baseURL at `stubUrl` below the user's comment, and a token file.
 */
export async function makeHome(stubUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dsh-console-test-'));
  const home = path.join(dir, 'home');
  await dsh(['--home', home, 'plugin', 'add', pluginJar()]);
  const patch = path.join(home, 'profiles/default/cordis.patch.yml');
  fs.writeFileSync(patch, `${COMMENT}\n- id: ${ROW}\n  config:\n    baseURL: "${stubUrl}"\n`);
  const token = randomBytes(32).toString('base64url');
  const tokenFile = path.join(dir, 'serve-token');
  fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  const saves = path.join(home, 'profiles/default/console.patch.yml');
  return { dir, home, patch, saves, token, tokenFile, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts `./dsh --home H serve --port 0 --token-file T` and resolves once its stderr names the
 * URL. Returns {url, stderr(), stop()}; stop() sends SIGTERM and resolves with the exit code.
 */
export function startServe(home) {
  const child = spawn(path.join(ROOT, 'dsh'),
    ['--home', home.home, 'serve', '--port', '0', '--token-file', home.tokenFile, '--drain', '1s'],
    { env: CLEAN_ENV, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dsh serve named no URL within 120 s:\n${err}`)), 120_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /dsh: serving (https?:\/\/[^\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`dsh serve exited (${code}) before serving:\n${err}`));
    });
  });
  return url.then((u) => ({
    url: u,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  }), async (e) => {
    child.kill('SIGKILL');
    throw e;
  });
}
