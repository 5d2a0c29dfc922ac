// What the steps share: the page's own words (its message files), polling, axe-core, screenshots.
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './serve.mjs';

export const SHOTS = process.env.SCREENSHOTS ?? path.join(ROOT, 'docs/console');

/** The served message files, {en, zh}, flat {key: text}. */
export async function messages(server) {
  const load = async (lang) => {
    const res = await fetch(`${server}/console/messages/${lang}.json`);
    if (res.status !== 200) throw new Error(`/console/messages/${lang}.json answered ${res.status}`);
    return res.json();
  };
  return { en: await load('en'), zh: await load('zh') };
}

/**
 * The English text of message `key`, its `{name}` placeholders filled from `vars`; when the file
 * has no such key, the first text that matches `re` (so a renamed key still finds the page's words).
 */
export function words(en) {
  return (key, re, vars = {}) => {
    let text = en[key];
    if (typeof text !== 'string') text = Object.values(en).find((v) => typeof v === 'string' && re.test(v));
    if (text === undefined) throw new Error(`en.json has no "${key}" and no text matching ${re}`);
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
  };
}

/** Retries `check` (an async function that throws) until it passes or `ms` pass. */
export async function eventually(check, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** axe-core on the page as it is: the serious and critical violations, as lines. */
export async function seriousViolations(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A full-page screenshot into SHOTS/<name>.png. */
export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * Where `message` is shown for form control `field`: 'described' (in its aria-describedby),
 * 'beside' (in its nearest enclosing element that holds it and no other control), 'far', 'absent'.
 */
export function placement(field, message) {
  return field.evaluate((el, msg) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    if (ids.some((id) => document.getElementById(id)?.textContent.includes(msg))) return 'described';
    for (let n = el.parentElement, i = 0; n && i < 5; n = n.parentElement, i++) {
      if (n.textContent.includes(msg)) {
        const controls = [...n.querySelectorAll('input, select, textarea')].filter((c) => c.type !== 'hidden');
        return controls.length === 1 ? 'beside' : 'far';
      }
    }
    return 'absent';
  }, message);
}
