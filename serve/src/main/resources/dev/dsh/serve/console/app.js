// The console's entry: loads the messages, wires sign-out, then runs the module of
// main[data-page], which replaces the shell's loading paragraph with the page.
import { api, forgetSession } from './api.js';
import { announce, showError } from './dom.js';
import { loadMessages, t } from './i18n.js';

// Each page's module, by main[data-page] ('config-row' is config.js too).
const MODULES = ['overview', 'plugins', 'config', 'credentials', 'search', 'events', 'login'];

async function signOut() {
  try {
    await api('DELETE', '/api/session');
    forgetSession();
    location.assign('/login');
  } catch (error) {
    showError(error);
  }
}

async function start() {
  await loadMessages();
  document.getElementById('signout')?.addEventListener('click', signOut);
  const main = document.getElementById('main');
  const name = main.dataset.page === 'config-row' ? 'config' : main.dataset.page;
  if (!MODULES.includes(name)) {
    announce(t('error.unknownPage', { page: main.dataset.page }), 'error');
    return;
  }
  try {
    const page = await import(`./${name}.js`);
    await page.render(main, main.dataset);
  } catch (error) {
    showError(error);
    main.querySelector('.loading')?.replaceChildren(t('error.pageFailed'));
  }
}

start();
