# The Python package, `import urlkit` (src/python/): see docs/python.md.
