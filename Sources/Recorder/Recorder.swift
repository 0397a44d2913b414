// The Recorder module: see docs/architecture.md.
