// urlkit for web pages: a classic script (it works from file://, where module
// scripts and fetch() do not) with urlkit's WebAssembly inside it.  It defines
// one global, urlkitReady: a Promise of the API object (the npm package's
// index.d.ts documents it).  Built from src/wasm/ (script-head.js,
// Emscripten's glue, api.js, script-tail.js).
(function () {
