// The console's JSON API as a script uses it (Authorization: Bearer), and its event stream.

/** fetch(url + path) with the bearer token; resolves {status, headers, text, json}. */
export async function api(server, token, path, init = {}) {
  const res = await fetch(server + path, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: text/plain dumps, HTML pages
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * Reads GET /api/events until an event with id > `after` satisfies `pred`, or `ms` pass.
 * Resolves {event, raw} (raw = every byte of the stream read, for the leak check); rejects
 * with the events seen when none matched.
 */
export async function waitForEvent(server, token, pred, { after = 0, ms = 20_000 } = {}) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  const seen = [];
  let raw = '';
  try {
    const res = await fetch(`${server}/api/events`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (res.status !== 200) throw new Error(`GET /api/events answered ${res.status}: ${await res.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      const text = decoder.decode(chunk, { stream: true });
      raw += text;
      buffer += text;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
        if (!data) continue;
        const event = JSON.parse(data);
        seen.push(event);
        if (event.id > after && pred(event)) return { event, raw };
      }
    }
    throw new Error('the event stream ended');
  } catch (e) {
    const list = seen.map((ev) => `  ${ev.id} ${ev.kind}: ${ev.text}`).join('\n');
    throw new Error(`no matching event after id ${after} within ${ms} ms (${e.message}); seen:\n${list}`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** The highest event id the server has now (0 when none). */
export async function lastEventId(server, token) {
  let max = 0;
  try {
    await waitForEvent(server, token, (ev) => { max = Math.max(max, ev.id); return false; }, { ms: 1500 });
  } catch {
    // the replay of the last 200 events arrives at once; 1.5 s of quiet means it is over
  }
  return max;
}
