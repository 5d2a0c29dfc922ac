// A SearchPro stub on loopback: answers POST /SearchPro with a canned answer in the service's
// shape (yuanbao-plugin/src/test/resources/wsa/), records every request, and refuses a request
// whose key is not the one expected, as the service does (UnauthorizedOperation, HTTP 200).
import http from 'node:http';

/** The two sources every successful answer carries, and one entry the provider must drop. */
export const SOURCES = [
  {
    title: 'DeepSeek-R1 开源推理模型发布',
    url: 'https://news.example.cn/2025/01/deepseek-r1.html',
    passage: 'DeepSeek 发布开源推理模型 R1，在数学与代码基准上接近闭源模型。',
    date: '2025-01-20 10:30:00',
  },
  {
    title: 'Mixture of experts, explained',
    url: 'https://blog.example.org/moe-explained',
    passage: 'A mixture-of-experts layer routes each token to a few expert networks.',
    date: '2025-02-03 08:00:00',
  },
];

/**
 * The one source the query BIDI_QUERY gets: bidirectional controls in its title, URL and snippet
 * (U+202E turns "report<RLO>fdp.exe" into what reads as "reportexe.pdf"), as a hostile page has.
 */
export const BIDI_QUERY = 'bidi controls';
export const BIDI = {
  title: 'Invoice \u2066report\u2069 \u202efdp.exe',
  url: 'https://files.example.com/report\u202efdp.exe',
  passage: 'Open \u200ethe\u200f attachment \u202anow\u202c.',
  date: '2025-03-01 09:00:00',
};

function answer(query) {
  const sources = query === BIDI_QUERY ? [BIDI] : SOURCES;
  const pages = sources.map((s) => JSON.stringify({ ...s, site: 'example', score: 0.9, images: [] }));
  // No url: dropped by the provider, so the answer reports "dropped": 1.
  pages.push(JSON.stringify({ title: 'no url', passage: 'an entry without a url', site: 'x' }));
  return { Response: { Query: query, Pages: pages, RequestId: 'c4-stub-request', Version: 'standard' } };
}

function refusal() {
  return {
    Response: {
      Error: { Code: 'UnauthorizedOperation', Message: 'stub: the request carried no valid API key' },
      RequestId: 'c4-stub-refused',
    },
  };
}

/**
 * Starts the stub on 127.0.0.1 (a free port). `key` is the API key it accepts.
 * Returns {url, requests, close()}; each request is {path, authorized, body} (body parsed).
 */
export async function startStub(key) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = { unparsable: raw.slice(0, 200) };
      }
      const authorized = req.headers.authorization === `Bearer ${key}`;
      requests.push({ method: req.method, path: req.url, authorized, body });
      if (req.method !== 'POST' || req.url !== '/SearchPro') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not here');
        return;
      }
      const json = JSON.stringify(authorized ? answer(body?.Query ?? '') : refusal());
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(json);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The last SearchPro request, or undefined. */
    last: () => requests.filter((r) => r.path === '/SearchPro').at(-1),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
