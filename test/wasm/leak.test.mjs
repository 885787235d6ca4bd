// Strings cross into WebAssembly and back without leaks: a million parses
// (and resolves) leave the wasm memory the size it was, and its allocator
// holding the bytes it held (mallinfo's in-use count, memoryUsage()).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, resolve, memoryUsage } from 'urlkit';

// ASCII and not, valid and not, with warnings, every scheme with a view.
const inputs = [
  'http://user:pw@host:8080/a/b;p?q=1#frag', 'https://example.com/', 'http://a/b|c', 'http://a/ü?é#😀',
  'http://host:8o/', 'http://a/b c', 'ftp://u@ftp.example/pub/file.txt;type=i', 'mailto:joe@example.org',
  'news:comp.infosystems.www', 'gopher://g.example/1/menu', 'data:text/plain;base64,aGk=', 'file:///etc/hosts',
  'telnet://h/', 'nntp://h/group/12', 'wais://h/db?search', 'prospero://h/x;a=b', '../g?y#z', '',
];

function round(i) {
  const text = inputs[i % inputs.length];
  const r = parse(text, { strict: (i & 1) === 1 });
  if (i % 97 === 0) {
    void r.typed;
    void r.endpoint;
  }
  if (i % 5 === 0) resolve('http://a/b/c/d;p?q', text, { spec: i % 10 === 0 ? '3986' : '1808' });
}

test('a million parses leave the wasm heap as it was', () => {
  for (let i = 0; i < 20000; i++) round(i); // the buffers reach their size
  const before = memoryUsage();
  for (let i = 0; i < 1000000; i++) round(i);
  const after = memoryUsage();
  assert.equal(after.memoryBytes, before.memoryBytes, 'the wasm memory grew');
  assert.equal(after.heapInUse, before.heapInUse, 'the allocator holds more bytes');
  assert.ok(before.heapInUse > 0 && before.memoryBytes > 0);
});
