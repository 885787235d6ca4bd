// The web script (build/wasm/web/urlkit.js): a classic script, its wasm
// inside it, that defines globalThis.urlkitReady and nothing else, and gives
// the package's API.  Also the example of docs/web.md, run as it is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import * as pkg from 'urlkit';

test('urlkit.js defines urlkitReady, the same API, and no other global', async () => {
  const code = readFileSync(process.env.URLKIT_WEB_SCRIPT, 'utf8');
  assert.doesNotMatch(code, /\burlkit\.wasm\b/, 'the wasm is inside the script');
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  vm.runInThisContext(code, { filename: 'urlkit.js' });
  const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k));
  assert.deepEqual(added, ['urlkitReady']);
  const web = await globalThis.urlkitReady;
  assert.deepEqual(Object.keys(web).sort(), Object.keys(pkg.default).sort());
  const text = 'http://a/é/b c';
  assert.deepEqual(JSON.parse(JSON.stringify(web.parse(text))), JSON.parse(JSON.stringify(pkg.parse(text))));
  assert.equal(web.resolve('http://a/b/c/d;p?q', '../../../g', { spec: '3986' }).value, 'http://a/g');
  assert.equal(web.version, pkg.version);
});

// docs/web.md's ```js block: each line `EXPR // => JSON` is checked.
test('the example of docs/web.md', () => {
  const doc = readFileSync(`${process.env.URLKIT_SOURCE_DIR}/docs/web.md`, 'utf8');
  const blocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length > 0, 'docs/web.md has a js block');
  let checks = 0;
  const body = blocks.join('\n').split('\n').map((line) => {
    const m = /^(.*?);?\s*\/\/ => (.*)$/.exec(line);
    if (!m) return line;
    checks++;
    return `check(${m[1]}, ${JSON.stringify(m[2])});`;
  }).join('\n');
  assert.ok(checks > 0);
  const program = 'import assert from "node:assert/strict";\n' +
    'function check(got, want) { assert.deepEqual(JSON.parse(JSON.stringify(got)), JSON.parse(want)); }\n' + body;
  writeFileSync('doc-example.mjs', program);
  execFileSync(process.execPath, ['doc-example.mjs'], { stdio: 'inherit' });
});
