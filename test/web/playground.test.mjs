// The playground page (web/playground) in a real browser: Debian's Chromium,
// headless, driven by playwright-core over CDP (no browser download).  The
// page is served from 127.0.0.1 by a small static server in this file, and
// opened once from file:// as well.  Inputs are typed with the keyboard; the
// component table, the verdicts and their highlights, the three columns and
// their difference markers are read back from the page.
//
//   URLKIT_PLAYGROUND_DIR  the built page (default build/wasm/playground)
//   URLKIT_ARTEFACTS_DIR   where the screenshots go (default build/wasm/artefacts)
//   URLKIT_CHROMIUM        the browser (default /usr/bin/chromium)
//
// Run by ctest as web/playground in the wasm build.  No browser, no driver,
// no page: the test fails and says which; it never passes without a browser.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep, extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const sourceDir = resolve(here, '..', '..');
const pageDir = resolve(process.env.URLKIT_PLAYGROUND_DIR || join(sourceDir, 'build', 'wasm', 'playground'));
const artefacts = resolve(process.env.URLKIT_ARTEFACTS_DIR || join(pageDir, '..', 'artefacts'));
const chromiumPath = process.env.URLKIT_CHROMIUM || '/usr/bin/chromium';

// Chromium's switches: headless, no sandbox (root in a container), nothing
// that reaches the network on its own, a fresh profile (--user-data-dir,
// given by launchPersistentContext below).
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

// A static server for pageDir on 127.0.0.1, on a port the system picks.
function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const file = resolve(dir, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (req.method !== 'GET' || !(file === dir || file.startsWith(dir + sep)) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}

async function loadDriver() {
  try {
    return (await import('playwright-core')).chromium;
  } catch (e) {
    throw new Error('the browser driver playwright-core is not installed in test/web/node_modules: ' +
                    `run \`npm ci --prefix test/web\` (tools/deps web) [${e.message}]`);
  }
}

async function launch(chromium, profile) {
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`no Chromium at ${chromiumPath}: install it (Debian: apt-get install chromium; ` +
                    'tools/deps web) or name another with URLKIT_CHROMIUM');
  }
  try {
    return await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      timeout: 60_000,
    });
  } catch (e) {
    throw new Error(`Chromium at ${chromiumPath} could not start headless: ${e.message}`);
  }
}

// ---- reading the page ---------------------------------------------------
async function openPage(context, url, errors) {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console error: ${m.text()}`); });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready !== undefined);
  const ready = await page.evaluate(() => document.body.dataset.ready);
  assert.equal(ready, 'true', `the page did not start: ${await page.textContent('#status')}`);
  return page;
}

// Replaces a field's text as a user would: focus, select all, type.
async function typeInto(page, selector, text) {
  await page.focus(selector);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

function components(page) {
  return page.$$eval('#components tbody tr[data-component]', (rows) => Object.fromEntries(rows.map((r) => [
    r.dataset.component, { state: r.dataset.state, text: r.querySelector('td').textContent },
  ])));
}

function fields(page, table) {
  return page.$$eval(`#${table} tbody tr[data-field]`, (rows) => Object.fromEntries(rows.map((r) => [
    r.dataset.field, r.querySelector('td').textContent,
  ])));
}

// A verdict: its state, its message, and the first highlight: the text
// before the <mark> and the mark's own.
function verdict(page, which) {
  return page.$eval(`#verdict-${which}`, (v) => {
    const where = v.querySelector('.where code.highlight');
    const mark = where && where.querySelector('mark');
    let before = null;
    if (mark) {
      before = '';
      for (const n of where.childNodes) {
        if (n === mark) break;
        before += n.textContent;
      }
    }
    return {
      ok: v.classList.contains('is-ok'),
      state: v.querySelector('.state').textContent.trim(),
      message: v.querySelector('.message') ? v.querySelector('.message').textContent : null,
      before,
      mark: mark ? mark.textContent : null,
      warnings: [...v.querySelectorAll('.warnings li')].map((li) => ({
        code: li.querySelector('code').textContent,
        mark: li.querySelector('mark').textContent,
        offset: [...li.querySelector('code.highlight').childNodes]
          .slice(0, [...li.querySelector('code.highlight').childNodes].indexOf(li.querySelector('mark')))
          .reduce((n, c) => n + c.textContent.length, 0),
      })),
    };
  });
}

// The comparison: one object a row, each column's text and marker.
function comparison(page) {
  return page.$$eval('#compare tbody tr', (rows) => rows.map((r) => {
    const cell = (spec) => {
      const td = r.querySelector(`td[data-spec="${spec}"]`);
      const value = td.querySelector('code.value');
      const marker = td.querySelector('.marker');
      return {
        value: value ? value.textContent : null,
        failed: td.classList.contains('failed'),
        differs: td.classList.contains('differs'),
        marker: marker ? marker.textContent : null,
        markerVisible: marker ? marker.getBoundingClientRect().width > 0 : false,
      };
    };
    const ref = r.querySelector('th');
    return {
      reference: ref.querySelector('code.value') ? ref.querySelector('code.value').textContent
        : ref.querySelector('.empty') ? '' : null,
      from: ref.querySelector('.from') ? ref.querySelector('.from').textContent.trim() : null,
      differ: r.classList.contains('differ'),
      rfc1808: cell('1808'),
      rfc3986: cell('3986'),
      whatwg: cell('whatwg'),
    };
  }));
}

function noHorizontalScroll(page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

// ---- the tests ------------------------------------------------------------
describe('the playground in headless Chromium', () => {
  let server;
  let context;
  let profile;
  let origin;
  const errors = [];
  const requests = [];

  // What is missing is said first, on stderr as well as in the suite's
  // failure (node --test prints that last, after every cancelled test).
  before(async () => {
    try {
      await setUp();
    } catch (e) {
      process.stderr.write(`playground test: cannot run: ${e.message}\n`);
      throw e;
    }
  });

  async function setUp() {
    for (const f of ['index.html', 'playground.js', 'playground.css', 'urlkit.js']) {
      if (!existsSync(join(pageDir, f))) {
        throw new Error(`no ${f} in ${pageDir}: build the wasm preset first ` +
                        '(cmake --preset wasm && cmake --build --preset wasm), or set URLKIT_PLAYGROUND_DIR');
      }
    }
    const chromium = await loadDriver();
    server = await serve(pageDir);
    origin = `http://127.0.0.1:${server.address().port}`;
    profile = mkdtempSync(join(tmpdir(), 'urlkit-playground-profile-'));
    context = await launch(chromium, profile);
    context.on('request', (r) => requests.push(r.url()));
    mkdirSync(artefacts, { recursive: true });
  }

  after(async () => {
    if (context) await context.close();
    if (server) await new Promise((ok) => server.close(ok));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('a URL: its components, absent and empty apart, its scheme data and endpoint', async () => {
    const page = await openPage(context, `${origin}/`, errors);
    await typeInto(page, '#url', 'ftp://ftp.example.org:2121/pub/file.txt;type=i#');
    // The page updates on input: wait for the typed text's last effect.
    await page.waitForFunction(() => document.querySelector('#components tr[data-component="fragment"]')
      ?.dataset.state === 'empty');
    assert.deepEqual(await components(page), {
      scheme: { state: 'value', text: 'ftp' },
      user: { state: 'absent', text: 'absent' },
      password: { state: 'absent', text: 'absent' },
      host: { state: 'value', text: 'ftp.example.org' },
      port: { state: 'value', text: '2121' },
      path: { state: 'value', text: 'pub/file.txt' },
      params: { state: 'value', text: 'type=i' },
      query: { state: 'absent', text: 'absent' },
      fragment: { state: 'empty', text: 'empty' },
    });
    // Absent and empty look different, not by colour alone: their words
    // and their borders differ.
    const looks = await page.$$eval('#components .absent, #components .empty', (els) => els.map((e) => ({
      cls: e.className, text: e.textContent, border: getComputedStyle(e).borderTopStyle,
    })));
    assert.ok(looks.some((l) => l.cls === 'absent' && l.border === 'dashed'));
    assert.ok(looks.some((l) => l.cls === 'empty' && l.border === 'solid'));

    const typed = await fields(page, 'typed');
    assert.equal(typed.scheme, 'ftp');
    assert.equal(typed.port, '2121');
    assert.equal(typed.name, 'file.txt');
    assert.equal(typed.typecode, 'i');
    assert.match(typed.plan, /CWD pub/);
    assert.deepEqual(await fields(page, 'endpoint'), {
      host: 'ftp.example.org', port: '2121', defaultPort: 'no (given explicitly)',
    });

    await typeInto(page, '#url', 'http://example.com/a');
    await page.waitForFunction(() => document.querySelector('#endpoint tr[data-field="defaultPort"]')
      ?.textContent.includes('yes'));
    assert.deepEqual(await fields(page, 'endpoint'), { host: 'example.com', port: '80', defaultPort: 'yes' });
    assert.equal((await fields(page, 'typed')).requestTarget, '/a');
    await page.close();
  });

  test('the strict and lenient verdicts: the failing character highlighted, the message', async () => {
    const page = await openPage(context, `${origin}/`, errors);
    await typeInto(page, '#url', 'http://host:80x/');
    await page.waitForFunction(() => document.querySelector('#verdict-strict mark')?.textContent === 'x');
    const strict = await verdict(page, 'strict');
    assert.equal(strict.ok, false);
    assert.match(strict.state, /Invalid/);
    assert.equal(strict.message, 'port must be digits');
    assert.equal(strict.before, 'http://host:80', 'the mark is at index 14');
    assert.equal(strict.mark, 'x');
    const lenient = await verdict(page, 'lenient');
    assert.equal(lenient.ok, false);
    assert.equal(lenient.before, 'http://host:80');

    // Lenient accepts with a warning where strict refuses: both point at '|'.
    await typeInto(page, '#url', 'http://a/b|c');
    await page.waitForFunction(() => document.querySelector('#verdict-strict mark')?.textContent === '|');
    const s2 = await verdict(page, 'strict');
    assert.equal(s2.ok, false);
    assert.equal(s2.before, 'http://a/b');
    const l2 = await verdict(page, 'lenient');
    assert.equal(l2.ok, true);
    assert.match(l2.state, /Valid/);
    assert.deepEqual(l2.warnings, [{ code: 'unwise_character', mark: '|', offset: 10 }]);
    assert.match(await page.textContent('#parse-summary'), /Lenient: valid with 1 warning\. Strict: invalid\./);

    // Offsets are string indices: after a non-ASCII character the mark is
    // still on the character at fault.
    await typeInto(page, '#url', 'http://a/é/x y');
    await page.waitForFunction(() => document.querySelector('#verdict-lenient mark')?.textContent === ' ');
    const l3 = await verdict(page, 'lenient');
    assert.equal(l3.before, 'http://a/é/x');
    await page.close();
  });

  test('references by RFC 1808, RFC 3986 and WHATWG, the differences marked', async () => {
    const page = await openPage(context, `${origin}/`, errors);
    await typeInto(page, '#base', 'http://a/b/c/d;p?q');
    // RFC 3986 5.4's examples beside the draft's Appendix C: the first,
    // fifth and sixth differ between the RFCs; "//g" differs in WHATWG
    // only (it writes the empty path as "/"); "g h" only WHATWG accepts.
    const refs = ['../../../g', '?y', '', 'g;x', ';x', '/./g', '//g', 'g h'];
    await typeInto(page, '#refs', refs.join('\n'));
    await page.waitForFunction((n) => document.querySelectorAll('#compare tbody tr').length === n &&
      document.querySelector('#compare tbody tr:last-child th code')?.textContent === 'g h', refs.length);
    const rows = await comparison(page);
    assert.deepEqual(rows.map((r) => r.reference), refs);
    const want = [
      ['http://a/../g', 'http://a/g', 'http://a/g', '1808'],
      ['http://a/b/c/d;p?y', 'http://a/b/c/d;p?y', 'http://a/b/c/d;p?y', null],
      ['http://a/b/c/d;p?q', 'http://a/b/c/d;p?q', 'http://a/b/c/d;p?q', null],
      ['http://a/b/c/g;x', 'http://a/b/c/g;x', 'http://a/b/c/g;x', null],
      ['http://a/b/c/d;x', 'http://a/b/c/;x', 'http://a/b/c/;x', '1808'],
      ['http://a/./g', 'http://a/g', 'http://a/g', '1808'],
      ['http://g', 'http://g', 'http://g/', 'whatwg'],
      [null, null, 'http://a/b/c/g%20h', 'whatwg'],
    ];
    const names = { 1808: 'RFC 1808', 3986: 'RFC 3986', whatwg: 'WHATWG' };
    rows.forEach((row, i) => {
      const [a, b, w, odd] = want[i];
      const what = `reference ${JSON.stringify(refs[i])}`;
      assert.equal(row.rfc1808.value, a, `${what}: RFC 1808`);
      assert.equal(row.rfc3986.value, b, `${what}: RFC 3986`);
      assert.equal(row.whatwg.value, w, `${what}: WHATWG`);
      assert.equal(row.differ, odd !== null, `${what}: the row is marked`);
      for (const [key, cell] of [['1808', row.rfc1808], ['3986', row.rfc3986], ['whatwg', row.whatwg]]) {
        assert.equal(cell.differs, key === odd, `${what}: ${names[key]} marked`);
        if (key === odd) {
          // A visible marker with words, not colour alone.
          assert.ok(cell.markerVisible, `${what}: the marker is shown`);
          const others = Object.keys(names).filter((k) => k !== key).map((k) => names[k]).join(', ');
          assert.equal(cell.marker, `≠ differs from ${others}`);
        } else {
          assert.equal(cell.marker, null);
        }
      }
    });
    assert.ok(rows[7].rfc1808.failed && rows[7].rfc3986.failed, 'a space fails under both RFCs');
    assert.match(await page.textContent('#compare-summary'), /^8 references; 5 resolve differently\.$/);

    // An HTML snippet: its URL attributes are the references.
    await typeInto(page, '#refs', '<p><a href="../../../g">up</a> <img src=";x" alt=""></p>');
    await page.waitForFunction(() => document.querySelectorAll('#compare tbody tr').length === 2 &&
      document.querySelector('#compare-summary').textContent.includes('HTML'));
    const html = await comparison(page);
    assert.deepEqual(html.map((r) => [r.reference, r.from, r.rfc1808.value, r.rfc3986.value]), [
      ['../../../g', 'from <a href>', 'http://a/../g', 'http://a/g'],
      [';x', 'from <img src>', 'http://a/b/c/d;x', 'http://a/b/c/;x'],
    ]);

    // A base that does not parse is shown with its own highlight.
    await typeInto(page, '#base', 'http://a:8x/');
    await page.waitForFunction(() => document.querySelector('#base-verdict mark')?.textContent === 'x');
    await page.close();
  });

  test('keyboard: labels, tab order, visible focus, results on input', async () => {
    const page = await openPage(context, `${origin}/`, errors);
    // Every field has a label that names it.
    for (const [id, name] of [['url', /URL or relative reference/], ['base', /Base URL/], ['refs', /References/]]) {
      const label = await page.$eval(`label[for="${id}"]`, (l) => l.textContent);
      assert.match(label, name);
    }
    // Tab from the first field reaches the others in reading order, and the
    // focused field has a visible outline.
    await page.focus('#url');
    const order = [];
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => ({
        id: document.activeElement.id,
        outline: getComputedStyle(document.activeElement).outlineStyle,
        width: parseFloat(getComputedStyle(document.activeElement).outlineWidth),
      })));
    }
    assert.deepEqual(order.map((o) => o.id), ['base', 'refs']);
    for (const o of order) assert.ok(o.outline !== 'none' && o.width >= 2, `focus is visible on #${o.id}`);
    // Typing one character changes the results, with no button to press.
    await page.focus('#url');
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await page.waitForFunction(() => document.querySelector('#verdict-lenient .state').textContent.includes('Invalid'));
    await page.close();
  });

  test('at 360 px wide: no horizontal scroll; screenshots', async () => {
    const page = await openPage(context, `${origin}/`, errors);
    await page.screenshot({ path: join(artefacts, 'playground.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    // A long URL and long references must wrap, not widen the page.
    const long = `http://example.com/${'segment/'.repeat(14)}?${'q=1&'.repeat(10)}#end`;
    await typeInto(page, '#url', long);
    await typeInto(page, '#refs', `../../../g\n;x\n${long}`);
    await page.waitForFunction(() => document.querySelectorAll('#compare tbody tr').length === 3);
    const { scrollWidth, clientWidth } = await noHorizontalScroll(page);
    assert.equal(clientWidth, 360);
    assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide at 360 px`);
    // Each result is labelled with its specification in the stacked layout.
    const labels = await page.$eval('#compare tbody tr td[data-spec="3986"]', (td) => getComputedStyle(td, '::before').content);
    assert.equal(labels, '"RFC 3986"');
    await page.screenshot({ path: join(artefacts, 'playground-360.png'), fullPage: true });
    await page.close();
  });

  test('from file://, with nothing but the files', async () => {
    const page = await openPage(context, pathToFileURL(join(pageDir, 'index.html')).href, errors);
    const rows = await comparison(page);
    assert.equal(rows[0].rfc1808.value, 'http://a/../g');
    assert.equal(rows[0].rfc3986.value, 'http://a/g');
    assert.match(await page.textContent('#status'), /ready/);
    await page.close();
  });

  test('no errors in the page, and no request beyond the page itself', () => {
    assert.deepEqual(errors, []);
    const foreign = requests.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('file://') && !u.startsWith('data:'));
    assert.deepEqual(foreign, []);
    assert.ok(existsSync(join(artefacts, 'playground.png')));
  });
});
