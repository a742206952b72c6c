# Kocka: `make run` to play, `make test` for everything CI checks.
GO      ?= go
BIN     := bin/kocka
PORT    ?= 8080
# Every Go file, tracked or not (a new file must be formatted too).
GOFILES := $(shell find . -name '*.go' -not -path './.git/*' -not -path '*/node_modules/*')

.PHONY: fuzz all build run test deps test-deps fmt-check tidy-check vet staticcheck unit race gui-test web-test soak-short bench wasm web hatetris-real clean

all: build

build:
	$(GO) build -o $(BIN) .

# Installs what is missing, builds, and opens the window (or explains the
# alternatives when there is no display).
run:
	@scripts/run.sh

deps:
	@scripts/deps.sh run

test-deps:
	@scripts/deps.sh test

test: test-deps fmt-check tidy-check vet staticcheck race unit soak-short gui-test web-test
	@echo "make test: all checks passed"

fmt-check:
	@if [ -z "$(GOFILES)" ]; then echo "fmt-check: no Go files found"; exit 1; fi
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# go.mod and go.sum say exactly what the code imports (direct requirements
# without "// indirect"), and nothing more.
tidy-check:
	$(GO) mod tidy -diff

# The last line vets the HATETRIS experiments (docs/hatetris.md), which
# build only with their tag, so that they keep compiling.
vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet . ./scenes/... ./sprites/... ./sound/... ./persist/...
	$(GO) vet -tags experiment ./solver/thrower/hatetris/

# staticcheck is a tool requirement in go.mod, so its version is pinned
# there and `go tool` builds it; nothing is installed outside the module.
staticcheck:
	$(GO) tool staticcheck ./...
	@# the browser build's files too (go tool -n gives the host binary)
	GOOS=js GOARCH=wasm $$($(GO) tool -n staticcheck) . ./scenes/... ./sprites/... ./sound/... ./persist/...

# Every package that starts goroutines (or whose tests do), under the race
# detector; engine has none, but it is cheap and the rest build on it.
RACE_PKGS := . ./engine/... ./gobai/... ./internal/... ./persist/... ./scenes/... ./sound/... ./soak/... ./solver/... ./tbp/... ./wasm/serve
# The longest package, solver/thrower/hatetris, took 422 to 680 s under
# the race detector in clean-clone runs on 2 cores (go test's default
# bound is 10 minutes): a 20-minute bound leaves room.
race:
	$(GO) test -race -count=1 -timeout 20m $(RACE_PKGS)

unit:
	$(GO) test -count=1 -timeout 20m ./...

# About a minute of the bot playing games with every check on (the soak's
# default mix: marathon, sprint, ultra and endless in turn).
soak-short: build
	$(BIN) soak --duration 45s --progress 15s --fail-dir /tmp/kocka-failures

# The real window under Xvfb: screenshots checked by pixels against the
# state the game reports, and a game driven by xdotool key presses.
gui-test:
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -tags gui -count=1 -timeout 300s -run 'TestGUI' .

# Every fuzz target for FUZZTIME each (go test runs one target at a time).
FUZZTIME ?= 20s
FUZZ_TARGETS := ./internal/movegenjson:FuzzAnswer ./engine:FuzzParseBoard ./internal/bounded:FuzzLineReader ./engine:FuzzDecodeReplay ./engine/fumen:FuzzDecode \
	./scenes:FuzzSettingsFile ./persist:FuzzBlobText ./scenes:FuzzReplayIndex ./solver/pc:FuzzParsePattern ./solver/pc:FuzzRegionGen ./solver/prove:FuzzReadCertificate ./solver/prove:FuzzReadShard ./solver/prove/gobblers:FuzzReadTable ./tbp:FuzzSession ./solver:FuzzSearchEqualsOracle \
	./solver/thrower:FuzzParseSpec ./solver/thrower:FuzzParseMatches ./solver/thrower/hatetris:FuzzDecodeReplay ./solver/thrower/hatetris:FuzzDecodeBase65536 \
	./solver/thrower/hatetris:FuzzUnmarshalNet ./solver/thrower/hatetris:FuzzUnmarshalSamples ./solver/thrower/hatetris:FuzzReadDataShard \
	./wasm/wasmsize:FuzzParse ./gobai:FuzzLoadStrategy .:FuzzParseShard
fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "fuzz $$pkg $$fn ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; done

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/... ./solver/...

wasm:
	@scripts/wasm.sh

web: wasm
	$(GO) run ./wasm/serve -dir wasm/dist -port $(PORT)

# The browser tests: the wasm build in Debian's headless Chromium, driven by
# playwright-core from npm (it never downloads a browser of its own).
web-test: wasm
	@scripts/web-test.sh

# The replays in docs/ played by qntm/hatetris's own code (a checkout
# outside this repository: HATETRIS_SRC=DIR; tools/hatetris-real/README.md).
hatetris-real:
	@test -n "$(HATETRIS_SRC)" || { echo "make hatetris-real: set HATETRIS_SRC to a checkout of qntm/hatetris"; exit 2; }
	cd tools/hatetris-real && npm install --no-audit --no-fund && HATETRIS_SRC="$(abspath $(HATETRIS_SRC))" node build.mjs && node check.mjs ../../docs

clean:
	rm -rf bin wasm/dist
