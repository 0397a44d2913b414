// The Replay module: see docs/architecture.md.
