// One EventSource on /api/events for the page. A page that shows host state asks to hear of
// lifecycle and reload events; the burst the server replays on connect, and the several events
// one reload makes, come to one call after a short quiet spell.
import { showError } from './dom.js';

let source = null;
const listeners = new Set();

function connect() {
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

/** Calls `onEvent(event)` for each event the server sends (replay first); returns the source. */
export function listen(onEvent) {
  listeners.add(onEvent);
  return source || connect();
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

/** Shows `load()`'s answer with `show` now, and again after each burst of `kinds` events. */
export async function follow(kinds, load, show) {
  show(await load());
  refreshOn(kinds, () => load().then(show, showError));
}
