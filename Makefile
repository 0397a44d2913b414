# ClearTouch. `make demo` and `make test` do everything on a fresh Debian 12 with Swift.
SWIFT ?= swift
# `make deb` prints the package's path last (under `make -C`, add --no-print-directory).
MAKEFLAGS += --no-print-directory

# `make install`: where (PREFIX) and under which root (DESTDIR, for packaging).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions
UNITDIR ?= $(PREFIX)/lib/systemd/system
# The gestures agent's systemd user unit (each desktop user's own manager reads it).
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
# The gesture service's D-Bus policy (dbus-daemon reads /usr/share/dbus-1/system.d) and
# its example configuration (/etc for PREFIX=/usr, as the GNU conventions have it).
DBUSPOLICYDIR ?= $(PREFIX)/share/dbus-1/system.d
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
# The installed binary: release, the Swift runtime linked in (it runs without the
# toolchain), no $$ORIGIN run path, bound at start (relro and now); a build folder of its
# own, so the tests can make it while `swift test` holds .build.
# CLEARTOUCH_PACKAGE_OPTIMIZATION=-Onone (what the packaging tests set) keeps the release
# configuration (no test hooks) but skips the optimizer: the tests check what is packaged
# and how, not its speed, and the optimizer was most of the suite's longest wait. Its own
# build folder, so it never replaces the optimized one.
CLEARTOUCH_PACKAGE_OPTIMIZATION ?=
# The three executables (docs/architecture.md, "Three executables"): the lean `cleartouch`
# in BINDIR; cleartouch-gestures, the live gesture service alone, which it hands
# `gestures` to, and cleartouch-devices, which it hands the other commands to, in
# LIBEXECDIR/cleartouch; the front looks for them in ../libexec/cleartouch from its own
# folder, so LIBEXECDIR is BINDIR's sibling.
LIBEXECDIR ?= $(PREFIX)/libexec
# Optimized, generic types' metadata is made by calling their accessors, not from mangled
# names: the runtime then checks no conformance of a generic argument by scanning the
# binary's every conformance record (some 210,000 instructions a type, 3.7 M of a replay;
# docs/performance.md, "pass six").
STATIC_METADATA_ACCESS = -Xswiftc -Xfrontend \
	-Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
STATIC_BUILD = -c release --static-swift-stdlib --disable-local-rpath \
	-Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro \
	$(if $(CLEARTOUCH_PACKAGE_OPTIMIZATION),-Xswiftc $(CLEARTOUCH_PACKAGE_OPTIMIZATION),$(STATIC_METADATA_ACCESS)) \
	--scratch-path .build/static$(CLEARTOUCH_PACKAGE_OPTIMIZATION)
# What `make static` makes: the two binaries, the man page and bash completion.
DIST = .build/dist
INSTALLED = $(BINDIR)/cleartouch $(LIBEXECDIR)/cleartouch/cleartouch-devices \
	$(LIBEXECDIR)/cleartouch/cleartouch-gestures \
	$(MANDIR)/cleartouch.1 $(COMPLETIONDIR)/cleartouch \
	$(UNITDIR)/cleartouch-kiosk.service $(SYSUSERSDIR)/cleartouch.conf \
	$(UNITDIR)/cleartouch-gestures.service $(DBUSPOLICYDIR)/io.github.cleartouch.Gestures1.conf \
	$(SYSCONFDIR)/cleartouch/gestures.yaml $(USERUNITDIR)/cleartouch-gestures-agent.service
# The version is the top entry of debian/changelog (the binary's too: Plugins/).
VERSION = $(shell dpkg-parsechangelog -S Version)
DEB = out/cleartouch_$(VERSION)_$(shell dpkg --print-architecture)

.PHONY: all bootstrap build release demo test bench fuzz format static install uninstall deb

all: build

bootstrap:
	@tools/bootstrap

build: bootstrap
	$(SWIFT) build

# With cleartouch-umockdev and its preload, to try the two without hardware
# (docs/emulated-devices.md); the package leaves those out.
release: bootstrap
	$(SWIFT) build -c release --product cleartouch
	$(SWIFT) build -c release --product cleartouch-devices
	$(SWIFT) build -c release --product cleartouch-gestures
	$(SWIFT) build -c release --product cleartouch-umockdev
	$(SWIFT) build -c release --product UmockdevFixup

demo: release
	@tools/demo

# The suite runs on a debug build, so it is a build for tests: the test hooks are compiled
# in (CLEARTOUCH_TEST_HOOKS) and every access is checked for exclusivity, as
# `@exclusivity(unchecked)` applies to release builds only (CLEARTOUCH_UNCHECKED_EXCLUSIVITY;
# both in Package.swift). It is built without debug information (a failing test names
# its source line anyway): 6 % less compiler time, and the suite must stay under ten
# minutes on two cores. `swift build` and `swift test` by hand keep it; switching between
# the two rebuilds. (The index store stays: SwiftPM's test discovery reads it.) Each
# module is compiled whole (-wmo, still -Onone): a batch-mode build type-checks every
# file's declarations again in each batch, and on two cores whole-module compiles took
# a fifth less compiler time (480 against 615 CPU-seconds). -num-threads gives one
# object file per source file, as SwiftPM and its index store expect.
# tools/run-tests builds it, starts the packaging tests' build beside it, and runs the
# suite as three processes at once (its comment says why); `swift test` runs the same tests.
TEST_BUILD_FLAGS = -Xswiftc -gnone -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc $(shell nproc)
test: bootstrap
	SWIFT="$(SWIFT)" TEST_BUILD_FLAGS="$(TEST_BUILD_FLAGS)" tools/run-tests

# The benchmarks are DeveloperTools/, a package of their own (docs/architecture.md, "Three
# packages of code"): what they run is built beside them in its release folder (the three
# executables and libUmockdevFixup.so, products of this package it depends on), and the
# static front with cleartouch-gestures beside it, as packaged (the lisgd group runs them),
# and the fix-up preload by the C compiler alone for the lisgd group, which measures each
# program's peak memory with it inside: SwiftPM links every product, a C one too, with the
# Swift runtime (libswiftCore.so and libstdc++, 3 MiB resident), which would count in both.
DEVELOPER_TOOLS = --package-path DeveloperTools
bench: bootstrap
	$(SWIFT) build $(DEVELOPER_TOOLS) -c release --product cleartouch-bench
	$(SWIFT) build $(DEVELOPER_TOOLS) -c release --product UmockdevFixup
	$(SWIFT) build $(DEVELOPER_TOOLS) -c release --product cleartouch
	$(SWIFT) build $(DEVELOPER_TOOLS) -c release --product cleartouch-devices
	$(SWIFT) build $(DEVELOPER_TOOLS) -c release --product cleartouch-gestures
	$(SWIFT) build $(STATIC_BUILD) --product cleartouch
	$(SWIFT) build $(STATIC_BUILD) --product cleartouch-gestures
	mkdir -p .build/bench
	$(CC) -shared -fPIC -O2 -o .build/bench/libUmockdevFixup.so \
		Sources/Shims/UmockdevFixup/fixup.c -ldl
	CLEARTOUCH_BENCH_FRONT="$$($(SWIFT) build $(STATIC_BUILD) --show-bin-path)/cleartouch" \
		CLEARTOUCH_BENCH_PRELOAD="$(CURDIR)/.build/bench/libUmockdevFixup.so" \
		"$$($(SWIFT) build $(DEVELOPER_TOOLS) -c release --show-bin-path)/cleartouch-bench" $(BENCH)

fuzz: bootstrap
	@tools/fuzz

# The static binaries, side by side (as in a build folder, the front finds
# cleartouch-devices and cleartouch-gestures beside itself), then the man page and
# completion from their --help.
static: bootstrap
	$(SWIFT) build $(STATIC_BUILD) --product cleartouch
	$(SWIFT) build $(STATIC_BUILD) --product cleartouch-devices
	$(SWIFT) build $(STATIC_BUILD) --product cleartouch-gestures
	mkdir -p $(DIST)
	cp "$$($(SWIFT) build $(STATIC_BUILD) --show-bin-path)/cleartouch" $(DIST)/cleartouch
	cp "$$($(SWIFT) build $(STATIC_BUILD) --show-bin-path)/cleartouch-devices" \
		$(DIST)/cleartouch-devices
	cp "$$($(SWIFT) build $(STATIC_BUILD) --show-bin-path)/cleartouch-gestures" \
		$(DIST)/cleartouch-gestures
	tools/make-help-files $(DIST)/cleartouch $(DIST)

install: static
	install -D -m 0755 $(DIST)/cleartouch $(DESTDIR)$(BINDIR)/cleartouch
	install -D -m 0755 $(DIST)/cleartouch-devices \
		$(DESTDIR)$(LIBEXECDIR)/cleartouch/cleartouch-devices
	install -D -m 0755 $(DIST)/cleartouch-gestures \
		$(DESTDIR)$(LIBEXECDIR)/cleartouch/cleartouch-gestures
	install -D -m 0644 $(DIST)/cleartouch.1 $(DESTDIR)$(MANDIR)/cleartouch.1
	install -D -m 0644 $(DIST)/cleartouch.bash $(DESTDIR)$(COMPLETIONDIR)/cleartouch
	mkdir -p $(DESTDIR)$(UNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' packaging/cleartouch-kiosk.service.in \
		> $(DESTDIR)$(UNITDIR)/cleartouch-kiosk.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/cleartouch-kiosk.service
	install -D -m 0644 packaging/cleartouch.sysusers $(DESTDIR)$(SYSUSERSDIR)/cleartouch.conf
	sed -e 's|@LIBEXECDIR@|$(LIBEXECDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' \
		packaging/cleartouch-gestures.service.in > $(DESTDIR)$(UNITDIR)/cleartouch-gestures.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/cleartouch-gestures.service
	install -D -m 0644 packaging/io.github.cleartouch.Gestures1.conf \
		$(DESTDIR)$(DBUSPOLICYDIR)/io.github.cleartouch.Gestures1.conf
	install -D -m 0644 packaging/gestures.yaml $(DESTDIR)$(SYSCONFDIR)/cleartouch/gestures.yaml
	mkdir -p $(DESTDIR)$(USERUNITDIR)
	sed 's|@LIBEXECDIR@|$(LIBEXECDIR)|g' packaging/cleartouch-gestures-agent.service.in \
		> $(DESTDIR)$(USERUNITDIR)/cleartouch-gestures-agent.service
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/cleartouch-gestures-agent.service

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(LIBEXECDIR)/cleartouch

# The Debian package (debian/), written to out/; its path is the last line printed.
deb: bootstrap
	mkdir -p out
	CLEARTOUCH_DEB_DIR=out dpkg-buildpackage -us -uc -b \
		--buildinfo-file=$(DEB).buildinfo --buildinfo-option=-uout \
		--changes-file=$(DEB).changes --changes-option=-uout
	@echo "$(CURDIR)/$(DEB).deb"

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift DeveloperTools/Sources \
		DeveloperTools/Package.swift
