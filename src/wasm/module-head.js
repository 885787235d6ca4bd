// urlkit for JavaScript: an ES module (Node 20, browsers, bundlers) over
// urlkit compiled to WebAssembly (urlkit.wasm beside this file).  Built from
// src/wasm/ (module-head.js, Emscripten's glue, api.js, module-tail.js);
// index.d.ts documents the API.
