// Credentials: each reference the rows use, configured or missing and from where; set, replace
// or clear through a write-only field. No answer holds a value, and the page never shows one.
import { api } from './api.js';
import { announce, attempt, badge, el, rowLinks, tableOr } from './dom.js';
import { t } from './i18n.js';

function source(credential) {
  if (!credential.configured) return badge(t('credentials.missing'), 'bad');
  const from = credential.source === 'store' ? t('credentials.fromStore')
    : credential.source === 'environment' ? t('credentials.fromEnvironment') : '';
  return [badge(t('credentials.configured'), 'ok'), from ? ` ${from}` : null];
}

export async function render(main) {
  const holder = el('div', { class: 'live' });

  async function refresh(focusRef) {
    const data = await api('GET', '/api/credentials');
    holder.replaceChildren(view(data.credentials || []));
    if (focusRef) holder.querySelector(`[data-ref="${CSS.escape(focusRef)}"]`)?.focus();
  }

  const act = (ref, work, message) => attempt(work, () => t(message, { ref }), () => refresh(ref));

  function editor(credential, index) {
    const ref = credential.ref;
    const id = `cred-${index}`;
    if (!credential.writable) return el('p', { class: 'meta', text: t('credentials.readOnly') });
    const input = el('input', { id, type: 'password', autocomplete: 'new-password',
      spellcheck: 'false', 'data-ref': ref, required: true });
    const path = `/api/credentials/${encodeURIComponent(ref)}`;
    return el('form', { class: 'inline-form', onsubmit: (event) => {
      event.preventDefault();
      if (input.value === '') return announce(t('credentials.empty'), 'error');
      const value = input.value;
      input.value = '';
      act(ref, () => api('PUT', path, { value }), 'credentials.saved');
    } },
    el('label', { for: id, text: t(credential.configured ? 'credentials.replaceLabel'
      : 'credentials.setLabel', { ref }) }),
    input,
    el('button', { type: 'submit', text: t(credential.configured ? 'credentials.replace'
      : 'credentials.set') }),
    credential.configured && credential.source === 'store'
      ? el('button', { type: 'button', class: 'danger',
        'aria-label': t('credentials.clearRef', { ref }),
        onclick: () => act(ref, () => api('DELETE', path), 'credentials.cleared'),
        text: t('credentials.clear') })
      : null);
  }

  const view = (credentials) => tableOr(t('credentials.none'), t('nav.credentials'),
    [t('credentials.ref'), t('credentials.status'), t('credentials.rows'), t('credentials.change')],
    credentials,
    (c, i) => [el('code', { text: c.ref }), source(c), rowLinks(c.rows), editor(c, i)]);

  main.replaceChildren(el('h1', { text: t('nav.credentials') }),
    el('p', { text: t('credentials.intro') }), holder);
  await refresh();
}
