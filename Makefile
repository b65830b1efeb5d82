# `make install` (PREFIX=/usr/local): a release binary with the Swift runtime linked in (Linux).
PREFIX ?= /usr/local

.PHONY: build install test
build:
	swift build -c release --product patternlint
install:
	scripts/install "$(PREFIX)"
test:
	swift test
