// The console's entry: loads the messages, wires sign-out, then runs the module of
// main[data-page], which replaces the shell's loading paragraph with the page.
import { api, forgetSession } from './api.js';
import { announce, showError } from './dom.js';
import { loadMessages, t } from './i18n.js';

const pages = {
  overview: () => import('./overview.js'),
  plugins: () => import('./plugins.js'),
  config: () => import('./config.js'),
  'config-row': () => import('./config.js'),
  credentials: () => import('./credentials.js'),
  search: () => import('./search.js'),
  events: () => import('./events.js'),
  login: () => import('./login.js'),
};

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
  const load = pages[main.dataset.page];
  if (!load) {
    announce(t('error.unknownPage', { page: main.dataset.page }), 'error');
    return;
  }
  try {
    const page = await load();
    await page.render(main, main.dataset);
  } catch (error) {
    showError(error);
    main.querySelector('.loading')?.replaceChildren(t('error.pageFailed'));
  }
}

start();
