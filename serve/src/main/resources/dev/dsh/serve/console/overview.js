// Overview: version, profile, home, uptime; each provider's readiness; what auto-selection picks
// now (or the pin); searches since the server started. Refreshed on lifecycle and reload events.
import { badge, el, facts, tableOr } from './dom.js';
import { number, t } from './i18n.js';
import { follow } from './live.js';

function uptime(seconds) {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('time.days', { days, hours });
  if (hours > 0) return t('time.hours', { hours, minutes });
  if (minutes > 0) return t('time.minutes', { minutes, seconds: seconds % 60 });
  return t('time.seconds', { seconds });
}

function readiness(provider) {
  if (!provider.available) return badge(t('provider.unavailable'), 'bad');
  return provider.ready ? badge(t('provider.ready'), 'ok') : badge(t('provider.notReady'), 'warn');
}

function selection(selected) {
  if (!selected || !selected.provider) {
    return el('p', { class: 'callout bad' },
      t('overview.noProvider', { reason: selected && selected.reason ? selected.reason : '—' }));
  }
  const key = selected.pinned ? 'overview.pinned' : 'overview.selected';
  return el('p', { class: 'callout ok' }, t(key, { provider: selected.provider }));
}

function view(data) {
  return [
    el('h1', { text: t('nav.overview') }),
    facts([
      [t('common.version'), data.version],
      [t('overview.profile'), data.profile],
      [t('overview.home'), el('code', { text: data.home })],
      [t('overview.uptime'), uptime(data.uptimeSeconds || 0)],
      [t('overview.searches'), number(data.searches ? data.searches.total : 0)],
      [t('overview.failed'), number(data.searches ? data.searches.failed : 0)],
    ]),
    el('h2', { text: t('overview.providers') }),
    selection(data.selected),
    tableOr(t('overview.noProviders'), t('overview.providers'),
      [t('common.provider'), t('common.state'), t('common.reason')], data.providers || [],
      (p) => [el('code', { text: p.id }), readiness(p), p.reason || '—']),
  ];
}

export async function render(main) {
  await follow(['lifecycle', 'reload', 'search'], '/api/overview',
    (data) => main.replaceChildren(...view(data)));
}
