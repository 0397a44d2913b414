# ClearTouch. `make demo` and `make test` do everything on a fresh Debian 12 with Swift.
SWIFT ?= swift
BIN_DEBUG = .build/debug
BIN_RELEASE = .build/release

.PHONY: all bootstrap build release demo test bench fuzz format

all: build

bootstrap:
	@tools/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release --product cleartouch

demo: release
	@tools/demo

test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: bootstrap
	$(SWIFT) build -c release --product cleartouch-bench
	$(SWIFT) build -c release --product UmockdevFixup
	$(BIN_RELEASE)/cleartouch-bench $(BENCH)

fuzz: bootstrap
	@tools/fuzz

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift
