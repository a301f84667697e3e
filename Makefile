# Segue — build, run, test, benchmark, install.
# `make run` and `make test` install the system packages they need when run as root on Debian,
# and otherwise say exactly what to install.

SWIFT   ?= swift
PREFIX  ?= /usr/local
SPEC    ?= specs/demo
BENCH_SIZES ?= 1000 100000 1000000

NCURSES_HEADER := /usr/include/ncursesw/curses.h

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

.PHONY: all build run test bench install clean deps test-deps bench-deps

all: build

deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev)

test-deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev tmux=tmux fzf=fzf)

bench-deps:
	$(call require,$(NCURSES_HEADER)=libncurses-dev fzf=fzf)

build: deps
	$(SWIFT) build

run: build
	"$$($(SWIFT) build --show-bin-path)/segue" $(SPEC)

# Unit tests of the core, then end-to-end tests driving the built binary in tmux.
test: test-deps
	$(SWIFT) build
	SEGUE_BIN="$$($(SWIFT) build --show-bin-path)/segue" $(SWIFT) test

bench: bench-deps
	$(SWIFT) build -c release --product segue-bench
	"$$($(SWIFT) build -c release --show-bin-path)/segue-bench" $(BENCH_SIZES)

install: deps
	$(SWIFT) build -c release --product segue
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/segue" "$(DESTDIR)$(PREFIX)/bin/segue"

clean:
	rm -rf .build
