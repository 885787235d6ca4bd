// urlkit's JavaScript API over the wasm shell (src/wasm/binding.cpp), shared
// by the npm package (an ES module) and the web script (a classic script):
// both builds concatenate Emscripten's glue, this file, and their own tail
// (cmake/urlkit_wasm.cmake).  makeUrlkitApi(core) takes the instantiated
// module and returns the API object; index.d.ts documents it.
//
// Strings cross as UTF-8: the input is written with TextEncoder.encodeInto
// into one reused buffer in wasm memory, and results come back as byte
// offsets (components) or as text (JSON for the structured rest).  Every
// offset given to the caller is an index into the JS string (UTF-16 code
// units): for ASCII input byte offsets are those indices already, otherwise
// a map from bytes to indices is built for the call.
// eslint-disable-next-line no-unused-vars
function makeUrlkitApi(core) {
  'use strict';
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const S_OK = 0;
  const S_COMPONENTS = 1;
  const S_TEXT = 19;
  const S_TEXT_SIZE = 20;
  const S_EXTRA = 21;

  const slotsAddress = core._uk_slots();
  let heap = null; // Uint8Array over the whole memory
  let slots = null; // Int32Array over the slots
  let inputAddress = 0;
  let inputCapacity = 0;
  let inputView = null; // Uint8Array over the input buffer

  // Views die when the memory grows: its ArrayBuffer is replaced, and the
  // old one's views read as empty.
  function views() {
    if (heap === null || heap.byteLength === 0) {
      heap = core.HEAPU8;
      slots = new Int32Array(heap.buffer, slotsAddress, 24);
      inputView = inputCapacity ? heap.subarray(inputAddress, inputAddress + inputCapacity) : null;
    }
  }

  // The bytes of `s` at `at` in the input buffer, which is grown to hold
  // `at` + `reserve` (3 bytes per UTF-16 unit at most).  Returns the number
  // of bytes written; `ascii` says whether that is s.length.
  let ascii = true;
  function put(s, at, reserve) {
    views();
    if (at + reserve > inputCapacity) {
      inputCapacity = Math.max(at + reserve, inputCapacity * 2, 256);
      inputAddress = core._uk_input(inputCapacity);
      heap = null;
      views();
      inputView = heap.subarray(inputAddress, inputAddress + inputCapacity);
    }
    const { written } = encoder.encodeInto(s, at === 0 ? inputView : inputView.subarray(at));
    if (written !== s.length) ascii = false;
    return written;
  }
  function input1(s) {
    ascii = true;
    return put(s, 0, s.length * 3);
  }
  function input2(a, b) {
    ascii = true;
    const n = put(a, 0, (a.length + b.length) * 3);
    return [n, put(b, n, b.length * 3)];
  }

  function outText() {
    views();
    const size = slots[S_TEXT_SIZE];
    if (size === 0) return '';
    const at = slots[S_TEXT];
    return decoder.decode(heap.subarray(at, at + size));
  }

  // Byte offset -> index into `s`, for offsets into the UTF-8 bytes of `s`
  // (a byte inside a character maps to that character).  Lone surrogates
  // were written as U+FFFD, 3 bytes.
  function indexMap(s, bytes) {
    const map = new Int32Array(bytes + 1);
    let b = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      let width;
      let units = 1;
      if (c < 0x80) width = 1;
      else if (c < 0x800) width = 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length &&
               (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        width = 4;
        units = 2;
      } else width = 3;
      for (let k = 0; k < width; k++) map[b + k] = i;
      b += width;
      i += units - 1;
    }
    map[b] = s.length;
    return map;
  }
  function mapper(s, bytes) {
    if (ascii) return (o) => o;
    const map = indexMap(s, bytes);
    return (o) => map[Math.min(o, bytes)];
  }

  function error(e, map) {
    return { code: e.code, message: e.message, offset: map(e.offset), rule: e.rule, source: e.source };
  }

  function checkText(name, v) {
    if (typeof v !== 'string') throw new TypeError(`urlkit: ${name} must be a string, not ${typeof v}`);
  }
  function specOf(options) {
    const spec = options == null || options.spec === undefined ? '1808' : options.spec;
    // The names the Python package takes: the strings "1808" and "3986".
    if (spec === '1808') return 1808;
    if (spec === '3986') return 3986;
    throw new TypeError(`urlkit: spec must be '1808' or '3986', not ${JSON.stringify(spec)}`);
  }
  function strictOf(options) {
    return options != null && options.strict ? 1 : 0;
  }

  function typedOf(s, strict) {
    const n = input1(s);
    core._uk_typed(n, strict);
    const t = JSON.parse(outText());
    if (t !== null && t.scheme === 'data') t.body = Uint8Array.from(t.body, (c) => c.charCodeAt(0));
    return t;
  }
  function endpointOf(s, strict) {
    const n = input1(s);
    core._uk_endpoint(n, strict);
    return JSON.parse(outText());
  }

  // What parse returns.  The typed view and the endpoint are getters (each
  // parses the text again in C++, once, when first read): most callers want
  // the components only, and an object literal with accessors costs V8 more
  // than the parse.  toJSON() gives every field, so JSON.stringify shows them.
  class ParseResult {
    #strict;
    #typed = undefined;
    #endpoint = undefined;
    constructor(ok, input, components, warnings, error, strict) {
      this.ok = ok;
      this.input = input;
      this.components = components;
      this.warnings = warnings;
      this.error = error;
      this.#strict = strict;
    }
    get typed() {
      if (this.#typed === undefined) this.#typed = this.ok ? typedOf(this.input, this.#strict) : null;
      return this.#typed;
    }
    get endpoint() {
      if (this.#endpoint === undefined) this.#endpoint = this.ok ? endpointOf(this.input, this.#strict) : null;
      return this.#endpoint;
    }
    toJSON() {
      return {
        ok: this.ok, input: this.input, components: this.components, typed: this.typed,
        endpoint: this.endpoint, warnings: this.warnings, error: this.error,
      };
    }
  }

  // The component [start, end) at slot pair i, or null when absent.
  function component(s, i, map) {
    const start = slots[S_COMPONENTS + 2 * i];
    if (start < 0) return null;
    const end = slots[S_COMPONENTS + 2 * i + 1];
    return map === null ? s.slice(start, end) : s.slice(map(start), map(end));
  }

  function parse(s, options) {
    checkText('text', s);
    const strict = strictOf(options);
    const n = input1(s);
    const ok = core._uk_parse(n, strict) === 1;
    views();
    const map = ascii ? null : mapper(s, n);
    const components = {
      scheme: component(s, 0, map), user: component(s, 1, map), password: component(s, 2, map),
      host: component(s, 3, map), port: component(s, 4, map), path: component(s, 5, map),
      params: component(s, 6, map), query: component(s, 7, map), fragment: component(s, 8, map),
    };
    let warnings = [];
    let err = null;
    if (slots[S_TEXT_SIZE] !== 0) {
      const extra = JSON.parse(outText());
      const m = map === null ? (o) => o : map;
      warnings = extra.warnings.map((w) => ({ code: w.code, message: w.message, offset: m(w.offset) }));
      if (extra.error !== null) err = error(extra.error, m);
    }
    return new ParseResult(ok, s, components, warnings, err, strict);
  }

  function validate(s, options) {
    const r = parse(s, options);
    return { ok: r.ok, error: r.error, warnings: r.warnings };
  }

  // A string result of a two-input call: the error's offset counts in the
  // input its source names.
  function twoInputs(fn, first, second, firstName, spec) {
    const [n1, n2] = input2(first, second);
    const ok = fn(n1, n2, spec) === 1;
    if (ok) return { ok: true, value: outText(), error: null };
    const e = JSON.parse(outText());
    const inFirst = e.source === firstName;
    let map = (o) => o;
    if (!ascii) map = inFirst ? mapper(first, n1) : mapper(second, n2);
    return { ok: false, value: null, error: error(e, map) };
  }

  function resolve(base, reference, options) {
    checkText('base', base);
    checkText('reference', reference);
    return twoInputs(core._uk_resolve, base, reference, 'base', specOf(options));
  }

  function makeRelative(base, target, options) {
    checkText('base', base);
    checkText('target', target);
    return twoInputs(core._uk_make_relative, base, target, 'base', specOf(options));
  }

  function normalize(s) {
    checkText('text', s);
    const n = input1(s);
    if (core._uk_normalize(n) === 1) return { ok: true, value: outText(), error: null };
    return { ok: false, value: null, error: error(JSON.parse(outText()), mapper(s, n)) };
  }

  function equivalent(a, b) {
    checkText('a', a);
    checkText('b', b);
    const [n1, n2] = input2(a, b);
    if (core._uk_equivalent(n1, n2) === 1) {
      views();
      return { ok: true, value: slots[S_EXTRA] === 1, error: null };
    }
    const e = JSON.parse(outText());
    const map = e.source === 'a' ? mapper(a, n1) : mapper(b, n2);
    return { ok: false, value: null, error: error(e, map) };
  }

  function extract(s) {
    checkText('text', s);
    const n = input1(s);
    core._uk_extract(n);
    const map = mapper(s, n);
    return JSON.parse(outText()).map(([url, start, end]) => {
      const offset = map(start);
      return { url, offset, length: map(end) - offset };
    });
  }

  // absolutize(html, base, {spec}): the document with its links made
  // absolute (its own first BASE, else `base`), and every link: where its
  // value is (string indices), what it says, and what it resolved to or why
  // it was left as it is.
  function absolutize(html, base, options) {
    checkText('html', html);
    checkText('base', base);
    const spec = specOf(options);
    const [n1, n2] = input2(base, html);
    const ok = core._uk_absolutize(n1, n2, spec) === 1;
    const out = JSON.parse(outText());
    if (!ok) {
      const map = out.source === 'base' ? mapper(base, n1) : mapper(html, n2);
      return { ok: false, html: null, base: null, links: [], error: error(out, map) };
    }
    const map = mapper(html, n2);
    const links = out.links.map((l) => {
      const begin = map(l.value[0]);
      let err = null;
      if (l.error) {
        // The error's offset counts in the reference's bytes.
        const bytes = encoder.encode(l.reference).length;
        const inRef = bytes === l.reference.length ? (o) => o : ((m) => (o) => m[Math.min(o, bytes)])(indexMap(l.reference, bytes));
        err = error(l.error, inRef);
      }
      return {
        element: l.element, attribute: l.attribute, reference: l.reference,
        value: { offset: begin, length: map(l.value[1]) - begin },
        line: l.line, column: l.column,
        resolved: l.error ? null : l.resolved, error: err, rewritten: l.rewritten,
      };
    });
    return { ok: true, html: out.html, base: out.base, links, error: null };
  }

  // The wasm memory's size and the bytes its allocator holds: what the leak
  // test watches (not part of the URL API).
  function memoryUsage() {
    views();
    return { memoryBytes: heap.buffer.byteLength, heapInUse: core._uk_heap_in_use() >>> 0 };
  }

  return Object.freeze({
    parse, validate, resolve, makeRelative, normalize, equivalent, extract, absolutize,
    version: URLKIT_VERSION, memoryUsage,
  });
}
