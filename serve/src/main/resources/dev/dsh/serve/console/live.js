// One EventSource on /api/events for the page. A page that shows host state asks to hear of
// lifecycle and reload events; the burst the server replays on connect, and the several events
// one reload makes, come to one call after a short quiet spell.
import { api } from './api.js';
import { showError } from './dom.js';

let source = null;
const listeners = new Set();

/** Calls `onEvent(event)` for each event the server sends (replay first); returns the source. */
export function listen(onEvent) {
  listeners.add(onEvent);
  if (source) return source;
  source = new EventSource('/api/events');
  source.addEventListener('message', (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return source;
}

/** Calls `refresh()` once after each burst of events whose kind is in `kinds`. */
export function refreshOn(kinds, refresh, quietMs = 400) {
  let timer = 0;
  listen((event) => {
    if (!kinds.includes(event.kind)) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, quietMs);
  });
}

/** GET `path` as the page's own refresh, which does not keep the session alive. */
export const reread = (path) => api('GET', path, undefined, { refresh: true });

/** Shows GET `path` with `show` now, and again after each burst of `kinds` events. */
export async function follow(kinds, path, show) {
  show(await api('GET', path));
  refreshOn(kinds, () => reread(path).then(show, showError));
}
