// Plugins: each installed jar and each scope with its state; enable / disable, remove, add a jar
// by upload. Changes apply by the host's hot reload: the tables follow the event stream.
import { api } from './api.js';
import { announce, attempt, el, field, rowLinks, stateBadge, tableOr } from './dom.js';
import { t } from './i18n.js';
import { follow } from './live.js';

const MAX_JAR_BYTES = 64 * 1024 * 1024;

export async function render(main) {
  const tables = el('div', { class: 'live' });
  const notes = el('ul', { class: 'notes', 'aria-label': t('plugins.notes') });

  function show(data) {
    const focused = document.activeElement?.dataset?.focus;
    tables.replaceChildren(...view(data));
    if (focused) tables.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }

  const act = (work, done) =>
    attempt(work, done, async () => show(await api('GET', '/api/plugins')));

  function toggle(plugin) {
    const enabled = !plugin.enabled;
    act(() => api('PUT', `/api/plugins/${encodeURIComponent(plugin.id)}/enabled`, { enabled }),
      () => t(enabled ? 'plugins.enabledNow' : 'plugins.disabledNow', { id: plugin.id }));
  }

  function remove(plugin) {
    if (!window.confirm(t('plugins.removeConfirm', { id: plugin.id }))) return;
    act(() => api('DELETE', `/api/plugins/${encodeURIComponent(plugin.id)}`), (answer) => {
      const lines = [...(answer.notes || []), answer.profileProblem
        && t('plugins.profileProblem', { problem: answer.profileProblem })];
      notes.replaceChildren(...lines.filter(Boolean).map((text) => el('li', { text })));
      return t('plugins.removed', { id: plugin.id });
    });
  }

  const actions = (p) => el('div', { class: 'actions' },
    el('button', {
      type: 'button', 'data-focus': `toggle:${p.id}`, onclick: () => toggle(p),
      text: t(p.enabled ? 'plugins.disable' : 'plugins.enable'),
      'aria-label': t(p.enabled ? 'plugins.disableId' : 'plugins.enableId', { id: p.id }),
    }),
    el('button', {
      type: 'button', class: 'danger', 'data-focus': `remove:${p.id}`,
      onclick: () => remove(p), text: t('plugins.remove'),
      'aria-label': t('plugins.removeId', { id: p.id }),
    }));

  const view = (data) => [
    el('h2', { text: t('plugins.installed') }),
    tableOr(t('plugins.none'), t('plugins.installed'), [t('common.plugin'), t('common.version'),
      t('plugins.enabled'), t('common.state'), t('common.rows'), t('plugins.actions')],
    data.plugins || [], (p) => [el('code', { text: p.id }), p.version,
      p.enabled ? t('common.yes') : t('common.no'), stateBadge(p.state), rowLinks(p.rows),
      actions(p)]),
    el('h2', { text: t('plugins.scopes') }),
    tableOr(t('plugins.noScopes'), t('plugins.scopes'),
      [t('plugins.scope'), t('common.state'), t('common.reason')], data.scopes || [],
      (s) => [el('code', { text: s.id }), stateBadge(s.state), s.reason || '—']),
  ];

  const file = el('input',
    { id: 'jar', name: 'jar', type: 'file', accept: '.jar', required: true });
  const upload = el('form', { class: 'card', onsubmit: (event) => {
    event.preventDefault();
    const jar = file.files[0];
    if (!jar) return announce(t('plugins.chooseJar'), 'error');
    if (jar.size > MAX_JAR_BYTES) return announce(t('plugins.tooLarge'), 'error');
    act(() => api('POST', '/api/plugins', jar),
      (answer) => t('plugins.added', { id: answer.id, version: answer.version }));
    upload.reset();
  } },
  el('h2', { text: t('plugins.add') }),
  field('jar', t('plugins.jar'), file, t('plugins.jarHelp')),
  el('button', { type: 'submit', class: 'primary', text: t('plugins.upload') }));

  main.replaceChildren(el('h1', { text: t('nav.plugins') }), tables, notes, upload);
  await follow(['lifecycle', 'reload'], '/api/plugins', show);
}
