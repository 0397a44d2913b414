// The Recordings module: see docs/architecture.md.
