# Contest solutions in Rust: one crate per problem, each bundled into one file for the judges.
# `make help` lists the targets.

CARGO ?= cargo
# P selects one problem crate for `bundle` and `run` (e.g. `make bundle P=curling`).
P ?=

.DEFAULT_GOAL := help
.PHONY: help bundle test bench lint fmt run snapshots clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

bundle: ## Write bundles/<crate>.rs for every problem (or only P=<crate>) and print sizes
	$(CARGO) run --quiet --release -p bundle -- $(P)

test: ## Every test: unit, samples (insta + byte-exact), oracles, CLI, bundles through bare rustc
	INSTA_UPDATE=no $(CARGO) test --workspace --locked

bench: ## Criterion benchmarks on maximum-size and adversarial inputs
	$(CARGO) bench --workspace --locked

lint: ## rustfmt check and clippy with warnings as errors
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

fmt: ## Format the whole workspace
	$(CARGO) fmt --all

run: ## Run one solution on stdin: make run P=curling < samples/curling/statement.in
	@test -n "$(P)" || { echo "usage: make run P=<crate> < input" >&2; exit 2; }
	@$(CARGO) run --quiet --release -p $(P)

snapshots: ## Re-run the tests writing .snap.new files for changed outputs, then review them
	-INSTA_UPDATE=new $(CARGO) test --workspace
	@command -v cargo-insta >/dev/null && cargo insta review || \
	  echo "review the .snap.new files (cargo install cargo-insta for 'cargo insta review')"

clean: ## Remove build output and bundles
	$(CARGO) clean
	rm -rf bundles
