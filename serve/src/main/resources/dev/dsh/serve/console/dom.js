// Builds DOM nodes from data with textContent and attributes only: data never becomes markup.
import { t } from './i18n.js';

/**
 * el('a', {href: '/x', class: 'c', onclick: f}, 'text', child): props named on* become listeners,
 * `class` the class name, `text` the text; null, undefined and false children are skipped.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name === 'checked' || name === 'value' || name === 'disabled') node[name] = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// What dsh's terminal output escapes (ControlEscapes in the host; a test holds the two to one
// rule): C0, DEL, C1, the line and paragraph separators and the bidirectional controls, each of
// which can hide text or reorder what a person reads (a URL whose end reads backwards).
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as the terminal shows it: each control character but those in `kept` as \uXXXX. */
export function shown(text, kept = '') {
  return String(text).replace(CONTROLS, (c) => (kept.includes(c) ? c
    : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

let statusTimer = 0;

/** Says `text` in the live region; `kind` "error" keeps it until the next message. */
export function announce(text, kind = 'info') {
  const status = document.getElementById('status');
  if (!status) return;
  clearTimeout(statusTimer);
  status.textContent = text;
  status.dataset.kind = kind;
  if (kind !== 'error') {
    statusTimer = setTimeout(() => { status.textContent = ''; }, 8000);
  }
}

/** An error's message for a person: the API's code and message, or the network's failure. */
export function errorText(error) {
  if (error && error.code) return t('error.withCode', { code: error.code, message: error.message });
  return t('error.network', { message: error && error.message ? error.message : String(error) });
}

/** Says `error`'s message in the live region, kept until the next message. */
export function showError(error) {
  announce(errorText(error), 'error');
}

/** Runs `work`, says `said(its answer)`, then runs `after()`; says the error instead if any. */
export async function attempt(work, said, after) {
  try {
    announce(said(await work()));
    await after();
  } catch (error) {
    showError(error);
  }
}

/** A labelled form field: `control` (its id `id`), then `help` text if any, described by it. */
export function field(id, label, control, help) {
  if (help) control.setAttribute('aria-describedby', `${id}-help`);
  return el('div', { class: 'field' }, el('label', { for: id, text: label }), control,
    help ? el('p', { id: `${id}-help`, class: 'help', text: help }) : null);
}

/**
 * `items` as a table of `cells(item)` under `heads`, with a caption for screen readers (a heading
 * shows it), or the paragraph `empty` when none.
 */
export function tableOr(empty, caption, heads, items, cells) {
  if (items.length === 0) return el('p', { text: empty });
  return el('table', {},
    el('caption', { class: 'visually-hidden', text: caption }),
    el('thead', {}, el('tr', {}, heads.map((head) => el('th', { scope: 'col', text: head })))),
    el('tbody', {}, items.map((item, i) => el('tr', {},
      cells(item, i).map((cell) => el('td', {}, cell))))));
}

/** Links to the Config page of each row, or a dash when none. */
export function rowLinks(rows) {
  if (!rows || rows.length === 0) return '—';
  return el('ul', { class: 'inline' }, rows.map((row) =>
    el('li', {}, el('a', { href: `/config/${encodeURIComponent(row)}`, text: row }))));
}

/** Terms and their values, `[term, value]` pairs, as a description list of class `kind`. */
export function facts(pairs, kind = 'facts') {
  return el('dl', { class: kind },
    pairs.map(([term, value]) => [el('dt', { text: term }), el('dd', {}, value)]));
}

/** A word as a badge of a tone: ok (green), bad (red), warn (amber) or kind (blue). */
export const badge = (text, tone) => el('span', { class: `badge ${tone}`, text });

const TONES = { STARTED: 'ok', ACTIVE: 'ok', FAILED: 'bad', STOPPED: 'bad', DISABLED: 'bad' };

/** A plugin's or scope's state in the page's words; a dash for none (a row without a scope). */
export const stateWord = (state) => (state ? t(`state.${state}`) : '—');

/** A plugin's or scope's state as a badge: ok (green), bad (red) or other (amber). */
export const stateBadge = (state) => badge(stateWord(state), TONES[state] || 'warn');
