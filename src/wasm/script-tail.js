
globalThis.urlkitReady = createUrlkitModule().then(makeUrlkitApi);
})();
