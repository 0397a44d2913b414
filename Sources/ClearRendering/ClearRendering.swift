// The ClearRendering module: see docs/architecture.md.
