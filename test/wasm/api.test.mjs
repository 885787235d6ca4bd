// urlkit's JavaScript API (src/wasm/api.js, index.d.ts), imported by name
// from the package installed from its `npm pack` tarball (test/wasm/run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import urlkit, {
  parse, validate, resolve, makeRelative, normalize, equivalent, extract, absolutize, version,
} from 'urlkit';

const none = {
  scheme: null, user: null, password: null, host: null, port: null,
  path: null, params: null, query: null, fragment: null,
};

test('the default export is the named exports', () => {
  assert.equal(urlkit.parse, parse);
  assert.equal(urlkit.resolve, resolve);
  assert.match(version, /^\d+\.\d+\.\d+$/);
});

test('parse: every component (draft 4, RFC 1738 3.1)', () => {
  const r = parse('http://user:pw@host:8080/a/b;p?q=1#frag');
  assert.equal(r.ok, true);
  assert.equal(r.input, 'http://user:pw@host:8080/a/b;p?q=1#frag');
  assert.deepEqual(r.components, {
    scheme: 'http', user: 'user', password: 'pw', host: 'host', port: '8080',
    path: 'a/b', params: 'p', query: 'q=1', fragment: 'frag',
  });
  // RFC 1738 3.3's hostport has no user: the http grammar's warning, lenient.
  assert.deepEqual(r.warnings.map((w) => [w.code, w.offset]), [['scheme_syntax', 7]]);
  assert.equal(r.error, null);
  assert.deepEqual(parse('http://host:8080/a/b;p?q=1#frag').warnings, []);
  // typed and endpoint are getters, read when asked for; JSON has them all.
  assert.deepEqual(Object.keys(r.toJSON()), ['ok', 'input', 'components', 'typed', 'endpoint', 'warnings', 'error']);
  assert.deepEqual(Object.keys(JSON.parse(JSON.stringify(r))), Object.keys(r.toJSON()));
  assert.ok('typed' in r && 'endpoint' in r);
});

test('parse: absent is null, empty is ""', () => {
  assert.deepEqual(parse('http://a/b').components, {
    ...none, scheme: 'http', host: 'a', path: 'b',
  });
  assert.deepEqual(parse('http://@a:/b;?#').components, {
    scheme: 'http', user: '', password: null, host: 'a', port: '', path: 'b',
    params: '', query: '', fragment: '',
  });
  assert.deepEqual(parse('').components, { ...none, path: '' });
  assert.deepEqual(parse('#').components, { ...none, path: '', fragment: '' });
  assert.deepEqual(parse('?y').components, { ...none, path: '', query: 'y' });
  assert.deepEqual(parse('file:///etc/hosts').components, {
    ...none, scheme: 'file', host: '', path: 'etc/hosts',
  });
});

test('parse: errors, with offsets into the string', () => {
  const r = parse('http://host:8o/');
  assert.equal(r.ok, false);
  assert.equal(r.error.code, 'bad_port');
  assert.equal(r.error.rule, 'port');
  assert.equal(r.error.source, '');
  assert.equal(typeof r.error.message, 'string');
  assert.equal('http://host:8o/'.slice(r.error.offset), 'o/');
  assert.deepEqual(r.components, none);
  assert.equal(r.typed, null);
  assert.equal(r.endpoint, null);

  const s = parse('http://a/b c');
  assert.equal(s.error.code, 'invalid_character');
  assert.equal(s.error.offset, 10);
});

test('parse: the offset is a string index after non-ASCII input', () => {
  for (const text of ['http://a/ünïcödé/x y', 'http://a/€€/x y', 'http://a/😀😀/x y']) {
    const r = parse(text);
    assert.equal(r.ok, false, text);
    assert.equal(r.error.code, 'invalid_character');
    assert.equal(text.slice(r.error.offset), ' y', text);
    assert.equal(text[r.error.offset], ' ');
  }
  const ok = parse('http://a/😀?é#ü');
  assert.equal(ok.ok, true);
  assert.equal(ok.components.path, '😀');
  assert.equal(ok.components.query, 'é');
  assert.equal(ok.components.fragment, 'ü');
  const w = ok.warnings.map((x) => [x.code, x.offset]);
  // One warning an octet (4 for the emoji, 2 each for the others), each at
  // the index of its character.
  assert.deepEqual(w, [...Array(4).fill(['non_ascii', 9]), ['non_ascii', 12], ['non_ascii', 12],
                       ['non_ascii', 14], ['non_ascii', 14]]);
});

test('parse: long input grows the buffers; lone surrogates count as one index', () => {
  const long = `http://a/${'x'.repeat(3000000)}/é y`;
  const r = parse(long);
  assert.equal(long.slice(r.error.offset), ' y');
  assert.equal(parse('http://a/b').components.path, 'b', 'and shorter input after it');
  const lone = 'http://a/\ud800x\udc00 y';
  assert.equal(lone.slice(parse(lone).error.offset), ' y');
});

test('parse: warnings in lenient mode, errors in strict mode', () => {
  const text = 'http://a/b|c';
  const lenient = parse(text);
  assert.equal(lenient.ok, true);
  assert.equal(lenient.warnings.length, 1);
  assert.equal(lenient.warnings[0].code, 'unwise_character');
  assert.equal(text[lenient.warnings[0].offset], '|');
  assert.equal(typeof lenient.warnings[0].message, 'string');

  const strict = parse(text, { strict: true });
  assert.equal(strict.ok, false);
  assert.equal(strict.error.code, 'unwise_character');
  assert.equal(text[strict.error.offset], '|');
  assert.deepEqual(strict.warnings, []);

  assert.equal(parse('http://a/ü', { strict: true }).error.code, 'non_ascii');
  assert.equal(parse('http://a/%zz', { strict: true }).error.code, 'bad_escape');
});

test('parse: typed data, several schemes', () => {
  const h = parse('HTTPS://example.com/a%20b?x=1').typed;
  assert.equal(h.scheme, 'http');
  assert.equal(h.host, 'example.com');
  assert.equal(h.port, 443);
  assert.equal(h.explicitPort, false);
  assert.equal(h.secure, true);
  assert.equal(h.hpath, 'a b');
  assert.equal(h.search, 'x=1');
  assert.equal(h.requestTarget, '/a%20b?x=1');

  const f = parse('ftp://u@ftp.example/pub/dir/file.txt;type=i').typed;
  assert.equal(f.scheme, 'ftp');
  assert.equal(f.user, 'u');
  assert.equal(f.password, null);
  assert.equal(f.port, 21);
  assert.deepEqual(f.cwd, ['pub', 'dir']);
  assert.equal(f.name, 'file.txt');
  assert.equal(f.typecode, 'i');
  assert.ok(Array.isArray(f.plan) && f.plan.length > 0);

  const m = parse('mailto:joe@example.org').typed;
  assert.equal(m.scheme, 'mailto');
  assert.equal(m.address, 'joe@example.org');
  assert.equal(m.localPart, 'joe');
  assert.equal(m.domain, 'example.org');

  const n = parse('news:comp.infosystems.www').typed;
  assert.deepEqual([n.scheme, n.kind, n.group, n.messageId], ['news', 'group', 'comp.infosystems.www', null]);

  const g = parse('gopher://gopher.example/1/menu').typed;
  assert.equal(g.scheme, 'gopher');
  assert.equal(g.port, 70);
  assert.equal(g.gopherType, '1');
  assert.equal(g.selector, '/menu');

  const d = parse('data:text/plain;charset=utf-8;base64,aGk=').typed;
  assert.equal(d.scheme, 'data');
  assert.equal(d.type, 'text');
  assert.equal(d.subtype, 'plain');
  assert.equal(d.isBase64, true);
  assert.ok(d.body instanceof Uint8Array);
  assert.deepEqual([...d.body], [0x68, 0x69]);

  const file = parse('file:///etc/hosts').typed;
  assert.equal(file.scheme, 'file');
  assert.equal(file.isLocal, true);
  assert.equal(file.localPath, '/etc/hosts');

  const t = parse('telnet://user@host:2323/').typed;
  assert.deepEqual([t.scheme, t.user, t.host, t.port], ['telnet', 'user', 'host', 2323]);

  assert.equal(parse('foo:bar').typed, null);
  assert.equal(parse('/relative/path').typed, null);
});

test('parse: a scheme grammar that refuses makes ok false', () => {
  const text = 'mailto:a@b@c';
  const strict = parse(text, { strict: true });
  assert.equal(strict.ok, false);
  assert.equal(strict.typed, null);
  assert.ok(strict.error.code.length > 0);
  assert.ok(strict.error.offset >= 0 && strict.error.offset <= text.length);
});

test('parse: the endpoint', () => {
  assert.deepEqual(parse('https://example.com/').endpoint, { host: 'example.com', port: 443, defaultPort: true });
  assert.deepEqual(parse('http://example.com:8080/').endpoint, { host: 'example.com', port: 8080, defaultPort: false });
  assert.deepEqual(parse('http://example.com:/').endpoint, { host: 'example.com', port: 80, defaultPort: true });
  assert.equal(parse('mailto:a@b').endpoint, null);
  assert.equal(parse('/x').endpoint, null);
});

test('parse: the result is a plain object JSON can hold', () => {
  const r = JSON.parse(JSON.stringify(parse('http://a:81/b')));
  assert.equal(r.typed.port, 81);
  assert.deepEqual(r.endpoint, { host: 'a', port: 81, defaultPort: false });
  assert.equal(parse('x').typed, null);
  const twice = parse('http://a/');
  assert.equal(twice.typed, twice.typed, 'read once, then kept');
});

test('validate', () => {
  assert.deepEqual(validate('http://a/b'), { ok: true, error: null, warnings: [] });
  const v = validate('http://a/b|c');
  assert.equal(v.ok, true);
  assert.equal(v.warnings[0].code, 'unwise_character');
  const s = validate('http://a/b|c', { strict: true });
  assert.equal(s.ok, false);
  assert.equal(s.error.offset, 10);
});

// RFC 1808 Appendix C / draft Appendix C, and RFC 3986 5.4.
const base = 'http://a/b/c/d;p?q';
test('resolve: RFC 1808 (the default)', () => {
  const cases = {
    'g': 'http://a/b/c/g', './g': 'http://a/b/c/g', 'g/': 'http://a/b/c/g/', '/g': 'http://a/g',
    '//g': 'http://g', '?y': 'http://a/b/c/d;p?y', 'g?y': 'http://a/b/c/g?y', '#s': 'http://a/b/c/d;p?q#s',
    ';x': 'http://a/b/c/d;x', '': 'http://a/b/c/d;p?q', '..': 'http://a/b/', '../..': 'http://a/',
    '../../../g': 'http://a/../g', '/./g': 'http://a/./g', 'http:g': 'http:g',
  };
  for (const [ref, want] of Object.entries(cases)) {
    assert.deepEqual(resolve(base, ref), { ok: true, value: want, error: null }, ref);
    assert.deepEqual(resolve(base, ref, { spec: '1808' }), { ok: true, value: want, error: null }, ref);
  }
});

test('resolve: RFC 3986 5.4', () => {
  const cases = {
    'g': 'http://a/b/c/g', ';x': 'http://a/b/c/;x', '?y': 'http://a/b/c/d;p?y', '': 'http://a/b/c/d;p?q',
    '../../../g': 'http://a/g', '/./g': 'http://a/g', 'g;x=1/../y': 'http://a/b/c/y', 'http:g': 'http:g',
  };
  for (const [ref, want] of Object.entries(cases))
    assert.deepEqual(resolve(base, ref, { spec: '3986' }), { ok: true, value: want, error: null }, ref);
  assert.equal(resolve('mailto:a@b', 'g', { spec: '3986' }).value, 'mailto:g');
  assert.equal(resolve('mailto:a@b', 'g').ok, false);
});

test('resolve: errors name their source and count in it', () => {
  const noScheme = resolve('/a/b', 'c');
  assert.equal(noScheme.ok, false);
  assert.equal(noScheme.value, null);
  assert.equal(noScheme.error.code, 'base_not_absolute');

  const badBase = 'http://ü/a b';
  const r = resolve(badBase, 'c');
  assert.equal(r.error.source, 'base');
  assert.equal(badBase.slice(r.error.offset), ' b');

  const badRef = 'é/x y';
  const e = resolve('http://a/', badRef);
  assert.equal(e.error.source, '');
  assert.equal(badRef.slice(e.error.offset), ' y');
});

test('resolve and makeRelative: an unknown spec is a TypeError', () => {
  assert.throws(() => resolve(base, 'g', { spec: 'whatwg' }), TypeError);
  assert.throws(() => makeRelative(base, 'http://a/g', { spec: '2396' }), TypeError);
  assert.throws(() => parse(42), TypeError);
  // Options left out, undefined or null are the defaults.
  assert.equal(parse('http://a/b|c', null).ok, true);
  assert.equal(resolve(base, '../../../g', null).value, 'http://a/../g');
  assert.equal(resolve(base, '../../../g', {}).value, 'http://a/../g');
});

test('makeRelative: the inverse of resolve, both specs', () => {
  for (const spec of ['1808', '3986']) {
    for (const target of ['http://a/b/c/g', 'http://a/g', 'http://a/b/c/d;p?y', 'http://g/x', 'ftp://x/y']) {
      const rel = makeRelative(base, target, { spec });
      assert.equal(rel.ok, true, `${spec} ${target}`);
      assert.equal(resolve(base, rel.value, { spec }).value, target, `${spec} ${target} via ${rel.value}`);
    }
  }
  assert.equal(makeRelative(base, 'http://a/b/c/g').value, 'g');
  const e = makeRelative(base, 'g');
  assert.equal(e.ok, false);
  assert.equal(e.error.code, 'target_not_absolute');
});

test('normalize and equivalent', () => {
  assert.deepEqual(normalize('HTTP://Example.COM:80/%7euser'), { ok: true, value: 'http://example.com/~user', error: null });
  const bad = normalize('http://a:x/');
  assert.equal(bad.ok, false);
  assert.equal(bad.error.code, 'bad_port');
  assert.deepEqual(equivalent('HTTP://a:80/%7e', 'http://a/~'), { ok: true, value: true, error: null });
  assert.deepEqual(equivalent('http://a/x', 'http://a/y'), { ok: true, value: false, error: null });
  const e = equivalent('http://a/', 'http://é/ x');
  assert.equal(e.ok, false);
  assert.equal(e.error.source, 'b');
  assert.equal('http://é/ x'.slice(e.error.offset), ' x');
});

test('extract: URLs in text, offsets into the string', () => {
  const text = 'Voilà: <URL:http://a.example/x> et ftp://ftp.example/pub. Fin';
  const found = extract(text);
  assert.deepEqual(found.map((f) => f.url), ['http://a.example/x', 'ftp://ftp.example/pub']);
  for (const f of found) assert.equal(text.substr(f.offset, f.length), f.url);
  assert.deepEqual(extract('nothing here'), []);
});

test('absolutize: an HTML document by RFC 1808 and RFC 3986, its BASE first', () => {
  const doc = '<p>é</p><base href="../x/"><a href="../../../g">a</a><img src=\'/./i\'><a href="a b">';
  const r = absolutize(doc, 'http://a/b/c/d;p?q');
  assert.equal(r.ok, true);
  assert.equal(r.base, 'http://a/b/x/');
  assert.equal(r.html, '<p>é</p><base href="http://a/b/x/"><a href="http://a/../g">a</a>'
    + '<img src=\'http://a/./i\'><a href="a b">');
  const [b, g, i, bad] = r.links;
  assert.deepEqual([b.element, b.attribute, g.reference, i.element], ['base', 'href', '../../../g', 'img']);
  // The value's place is a string index, after the non-ASCII "é".
  assert.equal(doc.substr(g.value.offset, g.value.length), '"../../../g"');
  assert.equal(g.line, 1);
  assert.equal(bad.resolved, null);
  assert.equal(bad.rewritten, false);
  assert.equal(bad.error.code, 'invalid_character');
  assert.equal(bad.error.offset, 1);
  const r3986 = absolutize(doc, 'http://a/b/c/d;p?q', { spec: '3986' });
  assert.deepEqual(r3986.links.slice(1, 3).map((l) => l.resolved), ['http://a/g', 'http://a/i']);
  // A base that is not absolute is the caller's error; no base leaves every link as it is.
  const relative = absolutize(doc, 'x/y');
  assert.equal(relative.ok, false);
  assert.equal(relative.error.source, 'base');
  const none = absolutize('<a href=g>', '');
  assert.equal(none.html, '<a href=g>');
  assert.equal(none.links[0].error.code, 'base_undefined');
  assert.throws(() => absolutize(doc, 'http://a/', { spec: '2396' }), TypeError);
});
