// The KioskApp module: see docs/architecture.md.
