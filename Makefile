# ataxxbot — the README's commands run these targets.
GO ?= go
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: test deps check fmt vet tidy race soak bench fuzz build

## test: everything CI checks: the servers the tests need, formatting, vet,
## every test under -race, and the memory soak without -race.
test: deps check race soak

## deps: install the Debian packages of the servers tests start on loopback
## (redis-server, redis-cli for the Cluster test, ngircd) and the headless
## browser the web view's test drives (chromium) when they are missing.
SERVERS := redis-server:redis-server redis-tools:redis-cli ngircd:/usr/sbin/ngircd chromium:chromium
deps:
	@missing=; for s in $(SERVERS); do pkg=$${s%%:*}; bin=$${s#*:}; \
	  command -v $$bin >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi
	@for s in $(SERVERS); do bin=$${s#*:}; command -v $$bin >/dev/null 2>&1 || { echo "$$bin is required"; exit 1; }; done

check: fmt vet tidy

## tidy: go.mod and go.sum say exactly what the code imports.
tidy:
	@$(GO) mod tidy -diff >/dev/null || { echo "go.mod is not tidy: run go mod tidy"; $(GO) mod tidy -diff; exit 1; }

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 -parallel 8 ./...

## soak: resident memory stays flat over 100,000 commands (not under -race,
## whose shadow memory is not the bot's).
soak:
	$(GO) test -count=1 -run 'TestResidentMemoryFlat' -v ./store/redis/ | grep -E 'resident|^(ok|FAIL|---)'

## bench: the figures of README's "Performance", each beside its reference
## measured in the same run: the engine (perft leaves/s, move generation);
## the bot's command path on Redis at 1,000 and 100 commands in flight
## beside redis-benchmark's GET on the same server; ataxx-uai's perft 7 as
## a process beside libataxx's, when LIBATAXX_PERFT names libataxx's
## perft (LIBATAXX_PERFT="/path/to/libataxx/build/examples/perft 7").
LIBATAXX_PERFT ?=
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...
	$(GO) test -run '^$$' -bench CommandPath -benchtime 60000x -benchmem ./store/redis/
	LIBATAXX_PERFT='$(LIBATAXX_PERFT)' $(GO) test -run '^$$' -bench PerftProcess -benchtime 1x ./cmd/ataxx-uai/

## fuzz: a short run of every fuzz target (FUZZTIME each).
FUZZTIME ?= 20s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

build:
	$(GO) build ./...
