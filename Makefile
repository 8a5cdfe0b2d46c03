# Contest solutions in Rust: one crate per problem, each bundled into one file for the judges.
# `make help` lists the targets.

CARGO ?= cargo
# P selects one problem crate for `bundle` and `run` (e.g. `make bundle P=curling`).
P ?=

.DEFAULT_GOAL := help
.PHONY: help bundle readme-table test bench lint fmt run snapshots clean replay replay-shot tournament new stress listen

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

# The bundler (tools/bundle). BUNDLER=PATH runs an already built one instead (the tests
# build it once and share it); `make stress` passes it on.
BUNDLER ?=
BUNDLE := $(or $(BUNDLER),$(CARGO) run --quiet --release -p bundle --)

bundle: ## Write bundles/<crate>.rs (and .c) for every problem (or only P=<crate>); print size, limit, rustc floor and who sets them
	$(BUNDLE) $(P)

readme-table: ## Print README.md's problems-and-judges block, generated from judges.toml and the contest tables
	@$(BUNDLE) --readme-table

# One build, then two halves side by side: the C bundles' tests (the longest binary, which
# waits on compilers, Wine and child processes much of its time; output kept in C_LOG and
# shown when both halves are done) beside every other test. Both name --workspace, so
# they resolve the features of the build and rebuild nothing.
C_LOG := target/c-bundle-checks.log
test: ## Every test: unit, samples (insta + byte-exact), oracles, CLI, bundles through bare rustc and C
	INSTA_UPDATE=no $(CARGO) test --workspace --locked --no-run
	@INSTA_UPDATE=no $(CARGO) test --workspace --locked --no-fail-fast --test c_bundles > $(C_LOG) 2>&1 & c=$$!; \
	INSTA_UPDATE=no $(CARGO) test --workspace --locked --no-fail-fast --exclude c-bundle-checks; rest=$$?; \
	wait $$c; c=$$?; \
	echo "---- tools/c-bundle-checks, run beside the tests above ($(C_LOG)):"; cat $(C_LOG); \
	echo "---- make test: the C bundles' tests exited $$c, the others $$rest"; \
	[ $$c -eq 0 ] && [ $$rest -eq 0 ]

bench: ## Criterion benchmarks on maximum-size and adversarial inputs
	$(CARGO) bench --workspace --locked

lint: ## rustfmt check, clippy with warnings as errors, and judges.toml's undated or old profiles
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	@$(CARGO) run --quiet --locked -p judges --example profile-notes

fmt: ## Format the whole workspace
	$(CARGO) fmt --all

run: ## Run one solution on stdin: make run P=curling < samples/curling/statement.in
	@test -n "$(P)" || { echo "usage: make run P=<crate> < input" >&2; exit 2; }
	@$(CARGO) run --quiet --release -p $(P)

snapshots: ## P=<crate>: write its samples' snapshots from their .out files; no P: re-run every test, review .snap.new
ifneq ($(value P),)
	@$(CONTEST_NOTE)
	@$(CONTEST) snapshots --from-env
else
	-INSTA_UPDATE=new $(CARGO) test --workspace
	@command -v cargo-insta >/dev/null && cargo insta review || \
	  echo "review the .snap.new files (cargo install cargo-insta for 'cargo insta review')"
endif

# The contest loop (tools/contest). Tests point CONTEST at an already built binary.
CONTEST ?= $(CARGO) run --quiet --release -p contest --
PORT ?= 10043
# One progress line before the (quiet) build of the tool, the first time only (no binary
# yet); none when tests point CONTEST at a built binary.
CONTEST_BUILT := $(wildcard $(or $(CARGO_TARGET_DIR),target)/release/contest)
CONTEST_NOTE := $(if $(filter file default,$(origin CONTEST)),$(if $(CONTEST_BUILT),:,echo "contest: building the contest tools once (cargo build --release -p contest, a minute or two); later runs start at once" >&2),:)

# User values (names, titles, judges, numbers) reach the tool as environment variables and
# never pass through a shell: `$(value X)` keeps `$`, quotes and backquotes as typed, and a
# simply expanded variable is exported without being expanded again. The tool checks them.
new stress snapshots: export CONTEST_NAME := $(value P)
new: export CONTEST_PROBLEM := $(value PROBLEM)
new: export CONTEST_JUDGES := $(value JUDGES)
new: export CONTEST_INTERACTIVE := $(value INTERACTIVE)
new: export CONTEST_CHECKER := $(value CHECKER)
new: export CONTEST_TL := $(value TL)
new: export CONTEST_ML := $(value ML)
stress: export CONTEST_SEED := $(value SEED)
stress: export CONTEST_CASES := $(value N)
stress: export CONTEST_TIME := $(value TIME)
listen: export CONTEST_PORT := $(value PORT)

new: ## New problem crate + samples + member: make new P=<name> [PROBLEM="title"] [JUDGES=aoj:1144,...] [TL=<ms>] [ML=<MB>] [INTERACTIVE=1] [CHECKER=...]
	@$(CONTEST_NOTE)
	@$(CONTEST) new --from-env

stress: ## Generator + oracle (or interactor) vs the compiled bundle, shrink a failure: make stress P=<name> [SEED=] [N=|TIME=]
	@$(CONTEST_NOTE)
	@$(CONTEST) stress --from-env

listen: ## Create each problem Competitive Companion POSTs to 127.0.0.1:10043 [PORT=]
	@$(CONTEST_NOTE)
	@$(CONTEST) listen --from-env

ARENA := $(CARGO) run --quiet --release --locked -p enclosure-arena --
# Games per line-up; line-ups with builtin:search (Monte Carlo, about 10 s of CPU a game) get fewer.
TOURNAMENT_GAMES ?= 400
SEARCH_GAMES ?= 100
TOURNAMENT_SEED ?= 1
# SPARRING=DIR adds the line-ups against DIR/sample, the NOI 2013 organisers' sample program,
# built locally and never committed (crates/enclosure/README.md, "Sparring"); by default
# target/sparring when a sample program is there.
SPARRING ?= $(if $(wildcard target/sparring/sample),target/sparring)
SAMPLE := $(if $(SPARRING),$(abspath $(SPARRING))/sample)
# RULES_ALONE=1 plays every line-up with ours a second time with ours-rules, the same bot
# without playouts, and adds a table of the two side by side (about twice the time).
RULES_ALONE ?=

tournament: ## Enclosure: every line-up of tools/enclosure-arena/tournament.lineups (with SPARRING=DIR/sample; RULES_ALONE=1 compares thinking with the rules alone): reports/tournament.md
	@if [ -n "$(SPARRING)" ] && [ ! -x "$(SAMPLE)" ]; then \
	  echo "SPARRING=$(SPARRING): no executable $(SAMPLE) (build the sample program there first)" >&2; exit 2; fi
	$(ARENA) series tools/enclosure-arena/tournament.lineups --out reports --seed $(TOURNAMENT_SEED) \
	  --games $(TOURNAMENT_GAMES) --search-games $(SEARCH_GAMES) $(if $(SAMPLE),--sample "$(SAMPLE)") \
	  $(if $(RULES_ALONE),--rules-alone)
	@echo "wrote reports/tournament.md"

# A recorded four-player game, used by replay-shot when no FILE is given.
REPLAY_FIXTURE := tools/enclosure-arena/tests/fixtures/referee-seed7-random4.jsonl

replay: ## Enclosure replay to one self-contained HTML page: make replay FILE=game.jsonl [OUT=game.html]
	@test -n "$(FILE)" || { echo "usage: make replay FILE=game.jsonl [OUT=game.html]" >&2; exit 2; }
	$(CARGO) run --quiet --release -p enclosure-arena -- replay "$(FILE)" --html "$(or $(OUT),$(basename $(FILE)).html)"

replay-shot: ## PNG of a replay page in headless Chromium: [FILE=game.jsonl] [TURN=n|end] [SHOT=out.png]
	mkdir -p target/replay-shot
	$(CARGO) run --quiet --release -p enclosure-arena -- replay "$(or $(FILE),$(REPLAY_FIXTURE))" --html target/replay-shot/replay.html
	chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
	  --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$$(mktemp -d)" \
	  --window-size=1100,760 --screenshot="$(abspath $(or $(SHOT),target/replay-shot/replay.png))" \
	  "file://$(abspath target/replay-shot/replay.html)#turn=$(or $(TURN),end)" 2>/dev/null
	@echo "wrote $(abspath $(or $(SHOT),target/replay-shot/replay.png))"

clean: ## Remove build output and bundles
	$(CARGO) clean
	rm -rf bundles
