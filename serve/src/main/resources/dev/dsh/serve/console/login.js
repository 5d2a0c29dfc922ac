// Sign-in: the token typed into a password field, posted as JSON (never in a URL); then the
// page asked for in ?next=, which the server has checked is a path of its own (data-next).
import { api } from './api.js';
import { announce, el, errorText, field } from './dom.js';
import { t } from './i18n.js';

const target = () => document.getElementById('main').dataset.next || '/';

export async function render(main) {
  const session = await api('GET', '/api/session', undefined, { signIn: true });
  if (session.signedIn) {
    location.replace(target());
    return;
  }
  const input = el('input', {
    id: 'token', name: 'token', type: 'password', autocomplete: 'current-password', required: true,
  });
  const error = el('p', { id: 'login-error', class: 'error', role: 'alert' });
  const button = el('button', { type: 'submit', class: 'primary', text: t('login.submit') });
  const form = el('form', { class: 'card narrow', onsubmit: submit },
    field('token', t('login.token'), input, t('login.help')),
    error,
    button);

  async function submit(event) {
    event.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      await api('POST', '/api/session', { token: input.value }, { signIn: true });
      announce(t('login.done'));
      location.assign(target());
    } catch (failure) {
      error.textContent = failure.code === 'TOO_MANY_ATTEMPTS'
        ? t('login.tooMany', { seconds: failure.retryAfter || '60' })
        : errorText(failure);
      input.select();
      button.disabled = false;
    }
  }

  main.replaceChildren(el('h1', { text: t('login.submit') }), form);
  input.focus();
}
