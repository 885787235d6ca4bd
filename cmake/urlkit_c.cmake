# urlkit::c, the C ABI (include/urlkit.h, src/c/): see docs/c.md.
