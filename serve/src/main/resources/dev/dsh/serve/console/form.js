// The form of one row's config, generated from its JSON Schema. Each field reads back as
// "leave out" (the default applies; for a secret: keep the stored value) or a value; secret
// fields are write-only password inputs that never hold a stored value.
import { el } from './dom.js';
import { t } from './i18n.js';

const OMIT = { set: false };
let seq = 0;

const escapePointer = (name) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function typeOf(schema) {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'array' && schema.items && schema.items.type === 'string') return 'strings';
  return type || (schema.enum ? 'enum' : 'unknown');
}

const shown = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

function meta(schema) {
  const parts = [];
  if (schema.default !== undefined) parts.push(t('form.default', { value: shown(schema.default) }));
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) parts.push(t('form.range', { min, max }));
  else if (min !== undefined) parts.push(t('form.atLeast', { min }));
  else if (max !== undefined) parts.push(t('form.atMost', { max }));
  return parts.join(' · ');
}

/** Builds the fields of `row` (schema, config, secrets, secretFields, fieldsFrom). */
export function buildForm(row) {
  const fieldsFrom = row.fieldsFrom || {};
  const secretFields = new Set(row.secretFields || []);
  const setSecrets = new Set(row.secrets || []);
  const fields = new Map();

  function field(name, schema, value, pointer) {
    const id = `f${++seq}`;
    const type = typeOf(schema);
    const described = [];
    const help = [];
    // The layer that set a top-level field: the user's file, the console's, a bundle, ...
    const from = pointer === `/${escapePointer(name)}` && Object.hasOwn(fieldsFrom, name)
      ? t('form.setBy', { layer: fieldsFrom[name] }) : null;
    for (const [kind, text] of [['help', schema.description], ['meta', meta(schema)],
      ['from', from]]) {
      if (!text) continue;
      described.push(`${id}-${kind}`);
      help.push(el('p', { id: `${id}-${kind}`, class: kind, text }));
    }
    const error = el('p', { id: `${id}-err`, class: 'error field-error' });
    described.push(`${id}-err`);
    const labelText = [el('code', { text: name }), schema.title ? ` — ${schema.title}` : null];
    const common = { id, name: pointer, 'aria-describedby': described.join(' ') };
    const secret = schema['x-secret'] === true || secretFields.has(pointer);
    let control;
    let read;

    if (type === 'object' && schema.properties) {
      const inner = group(schema, value && typeof value === 'object' ? value : {}, pointer);
      const body = el('fieldset', { class: 'group', 'aria-describedby': described.join(' ') },
        el('legend', {}, labelText), help, inner.nodes, error);
      read = () => {
        const result = inner.read();
        return Object.keys(result).length > 0 || value !== undefined
          ? { set: true, value: result } : OMIT;
      };
      fields.set(pointer, { error, controls: [] });
      return { body, read };
    }
    if (secret) {
      const isSet = setSecrets.has(pointer);
      control = el('input', { ...common, type: 'password', autocomplete: 'new-password',
        spellcheck: 'false' });
      const status = el('p', { id: `${id}-set`, class: `secret-state ${isSet ? 'ok' : ''}`,
        text: t(isSet ? 'form.secretSet' : 'form.secretNotSet') });
      control.setAttribute('aria-describedby', `${id}-set ${described.join(' ')}`);
      const clear = isSet ? el('input', { id: `${id}-clear`, type: 'checkbox' }) : null;
      help.unshift(status);
      if (clear) {
        help.push(el('div', { class: 'check' }, clear,
          el('label', { for: `${id}-clear`, text: t('form.clearSecret') })));
      }
      read = () => {
        if (clear && clear.checked) return { set: true, value: null };
        return control.value === '' ? OMIT : { set: true, value: control.value };
      };
    } else if (schema.enum) {
      ({ control, read } = choice(id, schema, value, common, labelText, help, error));
      if (control.tagName === 'FIELDSET') {
        fields.set(pointer, { error, controls: [...control.querySelectorAll('input')] });
        return { body: el('div', { class: 'field', 'data-pointer': pointer }, control), read };
      }
    } else if (type === 'boolean') {
      let touched = false;
      control = el('input', { ...common, type: 'checkbox',
        checked: value !== undefined ? value === true : schema.default === true,
        onchange: () => { touched = true; } });
      read = () => (!touched && value === undefined ? OMIT : { set: true, value: control.checked });
    } else if (type === 'integer' || type === 'number') {
      control = el('input', { ...common, type: 'number', inputmode: 'decimal',
        step: type === 'integer' ? '1' : 'any', min: schema.minimum, max: schema.maximum,
        placeholder: schema.default, value: value === undefined ? '' : String(value) });
      read = () => {
        if (control.validity.badInput) return { invalid: t('form.notANumber') };
        return control.value === '' ? OMIT : { set: true, value: Number(control.value) };
      };
    } else if (type === 'string') {
      const kind = { uri: 'url', email: 'email' }[schema.format] || 'text';
      control = el('input', { ...common, type: kind, spellcheck: 'false',
        placeholder: schema.default, pattern: schema.pattern, maxlength: schema.maxLength,
        value: value === undefined || value === null ? '' : String(value) });
      read = () => (control.value === '' ? OMIT : { set: true, value: control.value });
      if (schema['x-credential-reference']) {
        help.push(el('p', { class: 'help' }, el('a', { href: '/credentials',
          text: t('form.credentialLink') })));
      }
    } else if (type === 'strings') {
      control = el('textarea', { ...common, rows: '3', spellcheck: 'false',
        value: Array.isArray(value) ? value.join('\n') : '' });
      help.push(el('p', { class: 'meta', text: t('form.onePerLine') }));
      read = () => {
        const lines = control.value.split('\n').map((line) => line.trim()).filter(Boolean);
        return lines.length === 0 && value === undefined ? OMIT : { set: true, value: lines };
      };
    } else {
      control = el('pre', { ...common, class: 'raw', tabindex: '0',
        text: value === undefined ? '—' : JSON.stringify(value, null, 2) });
      help.push(el('p', { class: 'meta', text: t('form.notEditable') }));
      read = () => (value === undefined ? OMIT : { set: true, value });
    }
    fields.set(pointer, { error, controls: [control] });
    return { body: el('div', { class: 'field', 'data-pointer': pointer },
      el('label', { for: id }, labelText), control, help, error), read };
  }

  function choice(id, schema, value, common, labelText, help, error) {
    const options = schema.enum;
    const fallback = schema.default !== undefined
      ? t('form.useDefault', { value: shown(schema.default) }) : t('form.unset');
    const at = value === undefined ? -1 : options.findIndex((o) => o === value);
    let selected;
    let control;
    if (options.length <= 4) {
      const radios = [fallback, ...options.map(shown)].map((text, i) => {
        const radio = el('input', { id: `${id}-${i}`, type: 'radio', name: id,
          value: String(i - 1), checked: i - 1 === at });
        return el('div', { class: 'check' }, radio, el('label', { for: `${id}-${i}`, text }));
      });
      control = el('fieldset', { class: 'choices', 'aria-describedby': common['aria-describedby'] },
        el('legend', {}, labelText), radios, help, error);
      selected = () => Number(control.querySelector('input:checked')?.value ?? -1);
    } else {
      control = el('select', common, el('option', { value: '-1', text: fallback }),
        options.map((o, i) => el('option', { value: String(i), text: shown(o) })));
      control.value = String(at);
      selected = () => Number(control.value);
    }
    const read = () => (selected() < 0 ? OMIT : { set: true, value: options[selected()] });
    return { control, read };
  }

  function group(schema, config, at) {
    const readers = [];
    const nodes = Object.entries(schema.properties || {}).map(([name, property]) => {
      const pointer = `${at}/${escapePointer(name)}`;
      const built = field(name, property, config[name], pointer);
      readers.push([name, pointer, built.read]);
      return built.body;
    });
    const read = () => {
      const out = {};
      for (const [name, pointer, readOne] of readers) {
        const result = readOne();
        if (result.invalid) throw Object.assign(new Error(result.invalid), { pointer });
        if (result.set) out[name] = result.value;
      }
      return out;
    };
    return { nodes, read };
  }

  const root = group(row.schema || {}, row.config || {}, '');

  function clear() {
    for (const { error, controls } of fields.values()) {
      error.textContent = '';
      controls.forEach((c) => c.removeAttribute('aria-invalid'));
    }
  }

  /** Shows each violation beside its field (or its nearest parent); returns the rest. */
  function showViolations(violations) {
    clear();
    const rest = [];
    let first = null;
    for (const v of violations) {
      let pointer = v.pointer || '';
      while (pointer !== '' && !fields.has(pointer)) {
        pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      }
      const target = fields.get(pointer);
      if (!target) {
        rest.push(v);
        continue;
      }
      target.error.textContent = [target.error.textContent, v.message].filter(Boolean).join('; ');
      target.controls.forEach((c) => c.setAttribute('aria-invalid', 'true'));
      first = first || target.controls[0];
    }
    first?.focus();
    return rest;
  }

  /** The config the form holds; throws (naming the field) when a number does not parse. */
  function value() {
    clear();
    return root.read();
  }

  return { nodes: root.nodes, value, showViolations };
}
