
// ---- the package's start: fetch or read urlkit.wasm, instantiate, export ----
// The bytes are handed to the module (wasmBinary), so that the same glue runs
// in Node (read from the file next to this one) and in browsers (fetched).
async function loadUrlkitWasm() {
  const url = new URL('./urlkit.wasm', import.meta.url);
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions && process.versions.node) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`urlkit: cannot fetch ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const urlkit = makeUrlkitApi(await createUrlkitModule({ wasmBinary: await loadUrlkitWasm() }));
export const {
  parse, validate, resolve, makeRelative, normalize, equivalent, extract, absolutize, version,
  memoryUsage,
} = urlkit;
export default urlkit;
