# ataxxbot — the README's commands run these targets.
GO ?= go

.PHONY: test check fmt vet race bench fuzz build

## test: everything CI checks: formatting, vet, and every test under -race.
test: check race

check: fmt vet

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 ./...

## bench: the engine's speed figures (perft leaves/s, move generation).
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...

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
