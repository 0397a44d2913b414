/* The umockdev fix-up preload has no public API: it is loaded with LD_PRELOAD
 * (see fixup.c and docs/libinput-backend.md). */
