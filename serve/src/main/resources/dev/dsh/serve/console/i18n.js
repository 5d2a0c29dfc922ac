// Messages of the page's language, fetched once from the file the shell's <html lang> names.
let messages = {};

/** The language of the page: "zh" or "en". */
export function lang() {
  return document.documentElement.lang.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Loads /console/messages/<lang>.json; a missing file leaves the keys showing. */
export async function loadMessages() {
  const response = await fetch(`/console/messages/${lang()}.json`, { credentials: 'same-origin' });
  if (response.ok) messages = await response.json();
}

/** The message `key` with each `{name}` replaced by `params[name]`. */
export function t(key, params = {}) {
  const text = Object.hasOwn(messages, key) ? messages[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

const locale = () => (lang() === 'zh' ? 'zh-CN' : 'en');

/** A number written the language's way. */
export function number(value) {
  return new Intl.NumberFormat(locale()).format(value);
}

/** An ISO instant as a local date and time. */
export function dateTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString(locale());
}
