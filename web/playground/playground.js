// The urlkit playground: a classic script (the page works from file://,
// where module scripts and fetch() do not), no framework, no build step.
// urlkit.js, loaded before it, defines globalThis.urlkitReady: a Promise of
// urlkit's API (the npm package's index.d.ts documents it).
(function () {
  'use strict';

  const COMPONENTS = ['scheme', 'user', 'password', 'host', 'port', 'path', 'params', 'query', 'fragment'];
  const SPECS = [
    { key: '1808', name: 'RFC 1808' },
    { key: '3986', name: 'RFC 3986' },
    { key: 'whatwg', name: 'WHATWG' },
  ];

  const $ = (id) => document.getElementById(id);
  let urlkit = null;

  // ---- small DOM helpers --------------------------------------------------
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    if (props) {
      for (const [k, v] of Object.entries(props)) {
        if (v === undefined || v === null) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else e.setAttribute(k, v);
      }
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  // Control characters made visible (U+2400 block), so that a highlighted
  // tab or newline is seen; the text keeps one character per character.
  function visible(s) {
    return s.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\u007f' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))));
  }

  // What a reader is told about the character at `offset`.
  function describeAt(text, offset) {
    if (offset >= text.length) return 'at the end of the input';
    const cp = text.codePointAt(offset);
    const ch = String.fromCodePoint(cp);
    const hex = cp.toString(16).toUpperCase().padStart(4, '0');
    const shown = cp === 0x20 ? 'space' : `'${visible(ch)}'`;
    return `at index ${offset}: ${shown}, U+${hex}`;
  }

  // The input with the character at `offset` in a <mark> (the whole code
  // point: offsets are JS string indices, a surrogate pair is one mark).
  function highlighted(text, offset, label) {
    const code = el('code', { class: 'highlight' });
    const at = Math.max(0, Math.min(offset, text.length));
    code.append(visible(text.slice(0, at)));
    if (at >= text.length) {
      code.append(el('mark', { class: 'end', title: 'end of the input', text: '\u2038' }));
    } else {
      const width = text.codePointAt(at) > 0xffff ? 2 : 1;
      code.append(el('mark', { title: label || undefined, text: visible(text.slice(at, at + width)) }));
      code.append(visible(text.slice(at + width)));
    }
    return code;
  }

  function valueNode(v) {
    return el('code', { class: 'value', text: visible(v) });
  }

  // A cell's content for a component: absent and empty told apart by a word
  // (not by colour alone), values as written.
  function componentNode(v) {
    if (v === null) return el('span', { class: 'absent', text: 'absent' });
    if (v === '') return el('span', { class: 'empty', text: 'empty' });
    return valueNode(v);
  }

  // Typed scheme data, rendered without knowing the scheme: null, booleans,
  // numbers, strings, byte arrays, lists (of strings or of pairs), objects.
  function typedNode(v) {
    if (v === null || v === undefined) return el('span', { class: 'absent', text: 'none' });
    if (typeof v === 'boolean') return el('span', { class: 'bool', text: v ? 'yes' : 'no' });
    if (typeof v === 'number') return el('code', { class: 'value', text: String(v) });
    if (typeof v === 'string') return v === '' ? el('span', { class: 'empty', text: 'empty' }) : valueNode(v);
    if (v instanceof Uint8Array) {
      const shown = Array.from(v.subarray(0, 256), (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
      return el('span', null, el('span', { class: 'note', text: `${v.length} byte${v.length === 1 ? '' : 's'}: ` }),
        valueNode(shown + (v.length > 256 ? '…' : '')));
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return el('span', { class: 'empty', text: 'empty list' });
      const list = el('ol', { class: 'list' });
      for (const item of v) {
        if (Array.isArray(item) && item.length === 2 && item.every((x) => typeof x === 'string')) {
          list.append(el('li', null, valueNode(item[0]), ' = ', item[1] === '' ? el('span', { class: 'empty', text: 'empty' }) : valueNode(item[1])));
        } else list.append(el('li', null, typedNode(item)));
      }
      return list;
    }
    if (typeof v === 'object') {
      const dl = el('dl', { class: 'nested' });
      for (const [k, x] of Object.entries(v)) dl.append(el('dt', { text: k }), el('dd', null, typedNode(x)));
      return dl;
    }
    return valueNode(String(v));
  }

  function fillTable(table, rows) {
    const body = table.tBodies[0];
    body.replaceChildren(...rows.map(([key, node, attrs]) =>
      el('tr', attrs || null, el('th', { scope: 'row', text: key }), el('td', null, node))));
  }

  // ---- part 1: one URL ----------------------------------------------------
  function verdictBody(result, text, mode) {
    const body = [];
    const ok = result.ok;
    body.push(el('p', { class: `state ${ok ? 'ok' : 'bad'}` },
      el('span', { class: 'icon', 'aria-hidden': 'true', text: ok ? '✓' : '✗' }),
      ok ? ` Valid (${mode})` : ` Invalid (${mode})`));
    if (!ok && result.error) {
      const e = result.error;
      body.push(el('p', { class: 'message' }, e.message));
      body.push(el('p', { class: 'where' }, highlighted(text, e.offset, e.message)));
      body.push(el('p', { class: 'detail' }, `${describeAt(text, e.offset)}; code `,
        el('code', { text: e.code }), ', rule ', el('code', { text: e.rule })));
    }
    if (result.warnings.length > 0) {
      const list = el('ul', { class: 'warnings', 'aria-label': `${mode} warnings` });
      for (const w of result.warnings) {
        list.append(el('li', null,
          el('span', { class: 'warn-label' }, el('span', { 'aria-hidden': 'true', text: '⚠ ' }), el('code', { text: w.code })),
          ' ', w.message, el('br'), highlighted(text, w.offset, w.message),
          el('span', { class: 'detail' }, ` ${describeAt(text, w.offset)}`)));
      }
      body.push(el('p', { class: 'warn-count', text: `${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}:` }), list);
    } else if (ok) {
      body.push(el('p', { class: 'note', text: 'No warnings.' }));
    }
    return body;
  }

  function updateParse() {
    const text = $('url').value;
    const lenient = urlkit.parse(text, { strict: false });
    const strict = urlkit.parse(text, { strict: true });
    $('verdict-lenient').classList.toggle('is-ok', lenient.ok);
    $('verdict-lenient').classList.toggle('is-bad', !lenient.ok);
    $('verdict-strict').classList.toggle('is-ok', strict.ok);
    $('verdict-strict').classList.toggle('is-bad', !strict.ok);
    $('verdict-lenient').querySelector('.verdict-body').replaceChildren(...verdictBody(lenient, text, 'lenient'));
    $('verdict-strict').querySelector('.verdict-body').replaceChildren(...verdictBody(strict, text, 'strict'));
    $('parse-summary').textContent =
      `Lenient: ${lenient.ok ? 'valid' : 'invalid'}` +
      (lenient.warnings.length ? ` with ${lenient.warnings.length} warning${lenient.warnings.length === 1 ? '' : 's'}` : '') +
      `. Strict: ${strict.ok ? 'valid' : 'invalid'}.`;

    // The components of the lenient reading (the strict one, where it
    // succeeds, has the same).
    if (lenient.ok) {
      fillTable($('components'), COMPONENTS.map((c) => {
        const v = lenient.components[c];
        return [c, componentNode(v), { 'data-component': c, 'data-state': v === null ? 'absent' : v === '' ? 'empty' : 'value' }];
      }));
    } else {
      fillTable($('components'), [['—', el('span', { class: 'note', text: 'None: the URL does not parse even leniently.' })]]);
    }

    const typed = lenient.ok ? lenient.typed : null;
    if (typed) {
      $('typed-note').textContent = `the ${typed.scheme} scheme's own syntax`;
      fillTable($('typed'), Object.entries(typed).map(([k, v]) => [k, typedNode(v), { 'data-field': k }]));
    } else {
      $('typed-note').textContent = '';
      const why = !lenient.ok ? 'None: the URL does not parse.'
        : lenient.components.scheme === null ? 'None: a relative reference has no scheme.'
        : `None: urlkit has no typed view of ${lenient.components.scheme}: URLs, or this one does not fit it.`;
      fillTable($('typed'), [['—', el('span', { class: 'note', text: why })]]);
    }

    const ep = lenient.ok ? lenient.endpoint : null;
    if (ep) {
      fillTable($('endpoint'), [
        ['host', ep.host === '' ? el('span', { class: 'empty', text: 'empty' }) : valueNode(ep.host), { 'data-field': 'host' }],
        ['port', valueNode(String(ep.port)), { 'data-field': 'port' }],
        ['default port', el('span', { class: 'bool', text: ep.defaultPort ? 'yes' : 'no (given explicitly)' }), { 'data-field': 'defaultPort' }],
      ]);
    } else {
      fillTable($('endpoint'), [['—', el('span', { class: 'note', text: 'None: no host and port to connect to.' })]]);
    }
  }

  // ---- part 2: references under three specifications ------------------------
  // The references: lines, or the links of an HTML snippet, found as `urlkit
  // absolutize` finds them (urlkit's HTML tokenizer and its table of
  // URL-valued attributes, character references decoded; the snippet is only
  // read, nothing in it is loaded or run).
  function referencesOf(text) {
    if (/<[A-Za-z][^>]*>/.test(text)) {
      const found = urlkit.absolutize(text, '');
      const refs = found.ok
        ? found.links.map((l) => ({ ref: l.reference, from: `<${l.element} ${l.attribute}>` }))
        : [];
      return { html: true, refs };
    }
    const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop(); // the final newline
    return { html: false, refs: lines.map((ref) => ({ ref, from: null })) };
  }

  function outcome(key, base, ref) {
    if (key === 'whatwg') {
      try {
        return { ok: true, value: new URL(ref, base).href };
      } catch (e) {
        return { ok: false, message: `${e.name}: ${e.message}` };
      }
    }
    const r = urlkit.resolve(base, ref, { spec: key });
    if (r.ok) return { ok: true, value: r.value };
    const e = r.error;
    const where = e.source === 'base' ? 'in the base' : 'in the reference';
    return { ok: false, message: `${e.message} (index ${e.offset} ${where})`, error: e };
  }

  // Which results differ: failures count as one value.  When two agree, the
  // third is marked; when all three differ, all are.  Each marked cell names
  // the columns it differs from.
  function differences(results) {
    const keys = results.map((r) => (r.ok ? `v:${r.value}` : 'error'));
    const counts = new Map();
    for (const k of keys) counts.set(k, (counts.get(k) || 0) + 1);
    const max = Math.max(...counts.values());
    return keys.map((k, i) => {
      if (counts.size === 1) return null;
      if (max > 1 && counts.get(k) === max) return null;
      return SPECS.filter((s, j) => keys[j] !== k).map((s) => s.name);
    });
  }

  function resultCell(spec, result, differsFrom) {
    // Explicit roles: the phone layout displays the table's parts as blocks.
    const td = el('td', { role: 'cell', 'data-spec': spec.key, 'data-label': spec.name });
    if (result.ok) td.append(result.value === '' ? el('span', { class: 'empty', text: 'empty' }) : valueNode(result.value));
    else td.append(el('span', { class: 'error' }, el('span', { 'aria-hidden': 'true', text: '✗ ' }), result.message));
    td.classList.add(result.ok ? 'ok' : 'failed');
    if (differsFrom) {
      td.classList.add('differs');
      td.append(el('span', { class: 'marker' },
        el('span', { 'aria-hidden': 'true', text: '≠ ' }),
        el('span', { class: 'visually-hidden', text: 'differs from ' }),
        differsFrom.join(', ')));
    }
    return td;
  }

  function updateBase() {
    const base = $('base').value;
    const r = urlkit.parse(base, { strict: false });
    const box = $('base-verdict');
    if (r.ok && r.components.scheme !== null) {
      box.replaceChildren();
      box.className = 'base-verdict';
      return;
    }
    box.className = 'base-verdict is-bad';
    if (!r.ok) {
      box.replaceChildren(el('p', null, el('span', { 'aria-hidden': 'true', text: '✗ ' }), `The base does not parse: ${r.error.message}`),
        el('p', null, highlighted(base, r.error.offset, r.error.message)));
    } else {
      box.replaceChildren(el('p', null, el('span', { 'aria-hidden': 'true', text: '✗ ' }), 'The base has no scheme: a base must be an absolute URL.'));
    }
  }

  function updateCompare() {
    updateBase();
    const base = $('base').value;
    const { html, refs } = referencesOf($('refs').value);
    let differing = 0;
    const rows = refs.map(({ ref, from }, index) => {
      const results = SPECS.map((s) => outcome(s.key, base, ref));
      const diff = differences(results);
      const any = diff.some((d) => d !== null);
      if (any) differing++;
      const refCell = el('th', { scope: 'row', role: 'rowheader', 'data-label': 'Reference' },
        ref === '' ? el('span', { class: 'empty', text: 'empty reference' }) : valueNode(ref));
      if (from) refCell.append(el('span', { class: 'from', text: ` from ${from}` }));
      if (any) refCell.append(el('span', { class: 'row-marker', text: ' differs' }));
      return el('tr', { role: 'row', class: any ? 'differ' : 'same', 'data-index': String(index) },
        refCell, ...SPECS.map((s, i) => resultCell(s, results[i], diff[i])));
    });
    $('compare').tBodies[0].replaceChildren(...rows);
    const n = refs.length;
    $('compare-summary').textContent = n === 0
      ? (html ? 'The HTML has no URL attributes.' : 'No references.')
      : `${n} reference${n === 1 ? '' : 's'}${html ? ' from the HTML\'s attributes' : ''}; ` +
        `${differing} resolve${differing === 1 ? 's' : ''} differently.`;
  }

  // ---- wiring ---------------------------------------------------------------
  function start(api) {
    urlkit = api;
    $('version').textContent = api.version;
    $('status').textContent = `urlkit ${api.version} is ready (WebAssembly, running in this page).`;
    $('status').classList.add('ready');
    $('url').addEventListener('input', updateParse);
    $('base').addEventListener('input', updateCompare);
    $('refs').addEventListener('input', updateCompare);
    updateParse();
    updateCompare();
    document.body.dataset.ready = 'true';
  }

  function fail(message) {
    $('status').textContent = message;
    $('status').classList.add('failed');
    document.body.dataset.ready = 'failed';
  }

  function main() {
    if (typeof globalThis.urlkitReady === 'undefined') {
      fail('urlkit.js did not load: it must be in the same folder as this page ' +
           '(cmake --preset wasm && cmake --build --preset wasm puts both in build/wasm/playground).');
      return;
    }
    globalThis.urlkitReady.then(start, (e) => fail(`urlkit's WebAssembly did not start: ${e && e.message ? e.message : e}`));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
})();
