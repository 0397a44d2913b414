/* The umockdev fix-up preload: see docs/testing.md. */
