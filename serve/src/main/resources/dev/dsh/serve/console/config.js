// Config: the list of rows (/config), and one row's schema-driven form (/config/<row>). Saving
// PUTs the whole config; the server validates it, and the row's state after the reload follows
// from the event stream.
import { api } from './api.js';
import { announce, el, errorText, showError, stateBadge, stateWord, tableOr } from './dom.js';
import { buildForm } from './form.js';
import { t } from './i18n.js';
import { follow, refreshOn, reread } from './live.js';

const dumpLink = () => el('p', {}, el('a', { href: '/api/config/dump', text: t('config.dump') }));

function rowState(row) {
  return el('p', { class: 'row-state' }, `${t('common.state')} `, stateBadge(row.state),
    row.disabled ? ` ${t('config.disabled')}` : null,
    row.reason ? el('span', { class: 'reason', text: ` ${row.reason}` }) : null);
}

async function list(main) {
  const holder = el('div', { class: 'live' });
  await follow(['lifecycle', 'reload'], '/api/config', (data) =>
    holder.replaceChildren(tableOr(t('config.none'), t('common.rows'), [t('config.row'),
      t('common.plugin'), t('common.state'), t('common.reason')], data.rows || [], (row) => [
      el('a', { href: `/config/${encodeURIComponent(row.id)}`, text: row.id }),
      el('code', { text: row.plugin }), stateBadge(row.state), row.reason || '—'])));
  main.replaceChildren(el('h1', { text: t('nav.config') }), el('p', { text: t('config.intro') }),
    dumpLink(), holder);
}

async function one(main, rowId) {
  const path = `/api/config/${encodeURIComponent(rowId)}`;
  let row = await api('GET', path);
  let form = buildForm(row);
  let waiting = false;
  const state = el('div', { class: 'live' }, rowState(row));
  const fields = el('div', { class: 'fields' }, form.nodes);
  const summary = el('div', { class: 'summary', role: 'alert' });
  const save = el('button', { type: 'submit', class: 'primary', text: t('config.save') });
  const credentials = (row.credentialRefs || []).length === 0 ? null
    : el('p', { class: 'meta' }, t('config.credentials', { refs: row.credentialRefs.join(', ') }),
      ' ', el('a', { href: '/credentials', text: t('nav.credentials') }));

  function showSummary(message, violations = []) {
    summary.replaceChildren(el('p', { text: message }), el('ul', {}, violations.map((v) =>
      el('li', { text: v.pointer ? `${v.pointer}: ${v.message}` : v.message }))));
  }

  async function submit(event) {
    event.preventDefault();
    summary.replaceChildren();
    let config;
    try {
      config = form.value();
    } catch (invalid) {
      form.showViolations([{ pointer: invalid.pointer, message: invalid.message }]);
      showSummary(t('config.invalid'));
      return;
    }
    save.disabled = true;
    try {
      row = (await api('PUT', path, { config })).row;
      form = buildForm(row);
      fields.replaceChildren(...form.nodes);
      state.replaceChildren(rowState(row));
      waiting = true;
      announce(t('config.saved'));
    } catch (error) {
      if (error.code === 'INVALID_CONFIG') {
        const rest = form.showViolations(error.body.violations || []);
        showSummary(t('config.invalid'), rest);
      } else {
        showSummary(errorText(error));
      }
      showError(error);
    } finally {
      save.disabled = false;
    }
  }

  main.replaceChildren(
    el('p', { class: 'crumbs' }, el('a', { href: '/config', text: t('config.back') })),
    el('h1', {}, t('config.rowTitle'), ' ', el('code', { text: row.id })),
    el('p', { class: 'meta' }, t('config.ofPlugin', { plugin: row.plugin })),
    state, credentials, dumpLink(),
    el('form', { class: 'card', novalidate: true, onsubmit: submit, 'aria-label': row.id },
      summary, fields, el('div', { class: 'actions' }, save)));

  refreshOn(['lifecycle', 'reload'], () => reread(path).then((now) => {
    state.replaceChildren(rowState(now));
    if (waiting) {
      waiting = false;
      announce(t('config.applied', { state: stateWord(now.state) }));
    }
  }, showError));
}

export async function render(main, data) {
  return data.page === 'config-row' ? one(main, data.row) : list(main);
}
