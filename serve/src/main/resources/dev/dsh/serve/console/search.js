// Search: the API's search with the filters; results as title, URL, snippet and date; the
// dropped count, the truncated flag, the time taken, and the exact text the model sees.
import { api } from './api.js';
import { announce, el, errorText, field, showError, shown } from './dom.js';
import { dateTime, number, t } from './i18n.js';

const input = (id, label, props, help) =>
  field(id, label, el('input', { id, name: id, ...props }), help);

function body(form) {
  const value = (name) => form.elements[name].value.trim();
  const out = { query: value('query') };
  if (value('maxResults') !== '') out.maxResults = Number(value('maxResults'));
  if (value('site') !== '') out.site = value('site');
  const excluded = value('excludeSites').split(/[\s,]+/).filter(Boolean);
  if (excluded.length > 0) out.excludeSites = excluded;
  if (value('freshness') !== '') out.freshness = value('freshness');
  return out;
}

// A source's text is the provider's: shown as the terminal shows it, controls escaped.
function source(item) {
  const safe = /^https?:\/\//i.test(item.url);
  const title = shown(item.title || item.url);
  return el('li', { class: 'result' },
    el('h3', {}, safe
      ? el('a', { href: item.url, rel: 'noreferrer noopener', text: title })
      : title),
    el('p', { class: 'url' }, el('cite', { text: shown(item.url) })),
    item.snippet ? el('p', { class: 'snippet', text: shown(item.snippet) }) : null,
    item.publishedAt ? el('p', { class: 'meta' }, t('search.published'), ' ',
      el('time', { datetime: item.publishedAt, text: dateTime(item.publishedAt) })) : null);
}

const took = (millis) => t('search.took', { ms: number(Math.round(millis)) });

function results(answer, millis) {
  const sources = answer.sources || [];
  const facts = [took(millis)];
  if (answer.provider) facts.unshift(t('search.provider', { provider: answer.provider }));
  return [
    el('h2', { text: t('search.results', { count: number(sources.length) }) }),
    el('ul', { class: 'facts-line' },
      facts.map((fact) => el('li', { text: fact })),
      el('li', { class: 'dropped',
        text: t('search.dropped', { count: number(answer.dropped || 0) }) }),
      answer.truncated ? el('li', { class: 'warn', text: t('search.truncated') }) : null),
    sources.length === 0 ? el('p', { text: t('search.noResults') })
      : el('ol', { class: 'results' }, sources.map(source)),
    typeof answer.rendering === 'string'
      ? el('details', { class: 'rendering' }, el('summary', { text: t('search.rendering') }),
        el('pre', { tabindex: '0', text: shown(answer.rendering, '\n') }))
      : null,
  ];
}

export async function render(main) {
  const out = el('section', { class: 'live', 'aria-busy': 'false' });
  const button = el('button', { type: 'submit', class: 'primary', text: t('search.submit') });
  const freshness = el('datalist', { id: 'freshness-values' },
    ['day', 'week', 'month', 'year'].map((value) => el('option', { value })));

  async function submit(event) {
    event.preventDefault();
    const request = body(event.target);
    if (request.query === '') return announce(t('search.needQuery'), 'error');
    button.disabled = true;
    out.setAttribute('aria-busy', 'true');
    announce(t('search.running'));
    const started = performance.now();
    try {
      const answer = await api('POST', '/api/search?rendering=true', request);
      out.replaceChildren(...results(answer, performance.now() - started));
      announce(t('search.done', { count: (answer.sources || []).length }));
    } catch (error) {
      out.replaceChildren(el('h2', { text: t('search.failed') }),
        el('p', { class: 'error', text: errorText(error) }),
        el('p', { class: 'meta', text: took(performance.now() - started) }));
      showError(error);
    } finally {
      button.disabled = false;
      out.setAttribute('aria-busy', 'false');
    }
  }

  main.replaceChildren(el('h1', { text: t('nav.search') }),
    el('form', { class: 'card search', role: 'search', novalidate: true, onsubmit: submit },
      input('query', t('search.query'), { type: 'search', required: true, spellcheck: 'false' }),
      el('div', { class: 'row' },
        input('maxResults', t('search.maxResults'), { type: 'number', min: '1', step: '1',
          inputmode: 'numeric' }),
        input('site', t('search.site'), { type: 'text', spellcheck: 'false' },
          t('search.siteHelp')),
        input('excludeSites', t('search.excludeSites'), { type: 'text', spellcheck: 'false' },
          t('search.excludeHelp')),
        input('freshness', t('search.freshness'), { type: 'text', list: 'freshness-values',
          spellcheck: 'false' }, t('search.freshnessHelp'))),
      freshness, button),
    out);
  main.querySelector('#query').focus();
}
