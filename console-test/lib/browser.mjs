// Headless Chromium through playwright-core: Debian's /usr/bin/chromium (or CHROMIUM_PATH, or
// @sparticuz/chromium when run.sh had to fall back to it), with every response the browser sees
// recorded and every request that leaves the server's origin refused and remembered.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

// As root, without a sandbox; no background traffic (this machine's network is closed, and a
// console must work without any other host).
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage'];

async function executable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const sparticuz = (await import('@sparticuz/chromium')).default;
    return await sparticuz.executablePath();
  } catch (e) {
    throw new Error(`no Chromium: /usr/bin/chromium is missing and @sparticuz/chromium is not installed (${e.message}); run console-test/run.sh`);
  }
}

/** Launches Chromium; returns the playwright Browser. */
export async function launch() {
  return chromium.launch({ executablePath: await executable(), headless: true, args: ARGS });
}

/**
 * A new context for `origin` (http://127.0.0.1:port) that records {url, status, headers, body}
 * of every response in `responses`, and aborts any request to another origin, listing it in
 * `external`; every request's method and URL go to `requests`. Page errors (uncaught
 * exceptions, CSP refusals logged as errors) go to `errors`.
 */
export async function recordingContext(browser, origin, options = {}) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 }, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const responses = [];
  const requests = [];
  const external = [];
  const errors = [];
  const pending = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url === origin) return route.continue();
    external.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => requests.push({ method: request.method(), url: request.url() }));
  context.on('response', (response) => {
    const entry = { url: response.url(), status: response.status(), headers: response.headers(), body: null };
    responses.push(entry);
    // An event stream never ends: its bytes are read from the stream instead (see api.mjs).
    if ((entry.headers['content-type'] ?? '').startsWith('text/event-stream')) return;
    pending.push(response.body().then((b) => { entry.body = b; }, () => {}));
  });
  context.on('page', (page) => {
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()}: console: ${m.text()}`);
    });
  });
  return { context, requests, responses, external, errors, settle: () => Promise.all(pending) };
}
