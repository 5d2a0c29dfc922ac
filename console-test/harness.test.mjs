// The harness on its own, against what `dsh serve` serves without the console: the stub as the
// real plugin reads it, a fresh home, dsh serve started and stopped, Chromium on /healthz.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch } from './lib/browser.mjs';
import { api } from './lib/api.mjs';
import { REF, dsh, makeHome, startServe } from './lib/serve.mjs';
import { SOURCES, startStub } from './lib/stub.mjs';

const KEY = 'c4-harness-key-7Qw9Zr2Lx';

describe('harness', () => {
  let stub;
  let home;
  let server;
  let browser;

  before(async () => {
    stub = await startStub(KEY);
    home = await makeHome(stub.url);
    await dsh(['--home', home.home, 'credentials', 'set', REF], KEY);
    server = await startServe(home);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await stub?.close();
    home?.remove();
  });

  it('Chromium loads /healthz from dsh serve', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/healthz`);
    assert.equal(response.status(), 200);
    assert.match(await page.locator('body').innerText(), /ok|live/i);
    await page.close();
  });

  it('a search through dsh serve reaches the stub with the key and Cnt 10 and reads its answer', async () => {
    const res = await api(server.url, home.token, '/api/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'DeepSeek' }),
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.sources.map((s) => s.url), SOURCES.map((s) => s.url));
    assert.equal(res.json.dropped, 1);
    const last = stub.last();
    assert.equal(last.authorized, true);
    assert.deepEqual(last.body, { Query: 'DeepSeek', Cnt: 10 });
    assert.ok(!res.text.includes(KEY), 'the key is in the answer');
  });

  it('a request without the token is refused and the log names neither token nor key', async () => {
    const res = await fetch(`${server.url}/api/status`);
    assert.equal(res.status, 401);
    assert.ok(!server.stderr().includes(home.token));
    assert.ok(!server.stderr().includes(KEY));
  });

  it('SIGTERM stops dsh serve with exit 0', async () => {
    assert.equal(await server.stop(), 0);
  });
});
