// The LibInputBackend module: see docs/architecture.md.
