// Events: lifecycle changes, reloads and searches, live from /api/events, newest first,
// filtered by kind and by text. The replay after a reconnect is folded in by event id.
import { badge, el, facts, field } from './dom.js';
import { dateTime, number, t } from './i18n.js';
import { listen } from './live.js';

const KEEP = 500;
const KINDS = ['lifecycle', 'reload', 'search'];

// The event's line in the page's language, from its fields (the server's `text` is for scripts);
// a search's fields are shown as facts instead.
function line({ lifecycle: l, reload: r, search, text }) {
  if (l) {
    const said = t(`events.lifecycle.${l.kind}`, l);
    return l.error ? t('events.because', { said, reason: l.error }) : said;
  }
  if (r) return r.problems.length ? t('events.reloadedWith', { problems: r.problems.join('; ') })
    : t('events.reloaded');
  return search ? null : text;
}

function item(event) {
  const search = event.search;
  const tone = { ok: 'ok', error: 'bad' }[search?.outcome] || 'warn';
  return el('li', { class: `event ${event.kind}` },
    el('p', { class: 'event-head' },
      el('time', { datetime: event.time, text: dateTime(event.time) }), ' ',
      badge(t(`events.kind.${event.kind}`), 'kind')),
    line(event) ? el('p', { class: 'event-text', text: line(event) }) : null,
    search ? facts([
      [t('search.query'), search.query],
      [t('common.provider'), search.provider || '—'],
      [t('events.outcome'), [badge(t(`events.outcome.${search.outcome}`), tone),
        search.code ? ` ${search.code}` : null]],
      [t('events.duration'), t('events.ms', { ms: number(search.durationMs ?? 0) })],
    ], 'facts small') : null);
}

function haystack(event) {
  const s = event.search || {};
  return [line(event), event.text, s.query, s.provider, s.outcome, s.code].filter(Boolean)
    .join(' ').toLowerCase();
}

export async function render(main) {
  const events = [];
  const nodes = new Map(); // each kept event's list item, by id
  const kind = el('select', { id: 'kind' },
    el('option', { value: '', text: t('events.allKinds') }),
    KINDS.map((k) => el('option', { value: k, text: t(`events.kind.${k}`) })));
  const text = el('input', { id: 'filter', type: 'search', spellcheck: 'false' });
  const list = el('ul', { class: 'events', 'aria-label': t('events.list') });
  const count = el('p', { class: 'meta' });
  const connection = el('p', { class: 'meta', text: t('events.connecting') });

  const matches = (event) => (!kind.value || event.kind === kind.value)
    && (!text.value.trim() || haystack(event).includes(text.value.trim().toLowerCase()));

  function redraw() {
    const shown = events.filter(matches);
    list.replaceChildren(...shown.map((event) => nodes.get(event.id)));
    count.textContent =
      t('events.count', { shown: number(shown.length), total: number(events.length) });
  }

  kind.addEventListener('change', redraw);
  text.addEventListener('input', redraw);

  main.replaceChildren(el('h1', { text: t('nav.events') }),
    el('form', { class: 'card filters', role: 'search', onsubmit: (e) => e.preventDefault() },
      field('kind', t('events.kind'), kind), field('filter', t('events.filter'), text)),
    connection, count, list);
  redraw();

  const source = listen((event) => {
    if (nodes.has(event.id)) return;
    nodes.set(event.id, item(event));
    events.unshift(event);
    events.sort((a, b) => b.id - a.id);
    while (events.length > KEEP) nodes.delete(events.pop().id);
    redraw();
  });
  source.addEventListener('open', () => { connection.textContent = t('events.live'); });
  source.addEventListener('error', () => { connection.textContent = t('events.reconnecting'); });
}
