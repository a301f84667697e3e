#!/bin/sh
# The installed binary runs where no Swift toolchain is: nothing of Swift in what it links, and it
# works with the toolchain out of PATH and LD_LIBRARY_PATH. Run by `make test` (test-install).
# $1: the installation's prefix (PREFIX under DESTDIR).
set -eu
prefix=$1
bin="$prefix/bin/segue"
fail() { echo "install-check: $*" >&2; exit 1; }

[ -x "$bin" ] || fail "no binary at $bin"
if ldd "$bin" | grep -i swift; then fail "$bin links Swift libraries (above)"; fi
# Start-up: the C++ library and libgcc are linked in, relative relocations are packed, and the
# loader searches no folder beside the binary (see the Makefile).
if ldd "$bin" | grep -E 'libstdc\+\+|libgcc_s'; then fail "$bin loads the C++ library or libgcc at start-up (above)"; fi
if readelf -d "$bin" | grep -E 'RPATH|RUNPATH'; then fail "$bin has a run path (above)"; fi
readelf -d "$bin" | grep -q '(RELR)' || fail "$bin has no packed relative relocations (DT_RELR)"
file_size=$(wc -c < "$bin")
[ "$file_size" -lt 40000000 ] || fail "$bin is $file_size bytes: not stripped?"

# A clean environment: the system's folders only, no toolchain, no library path.
run() { env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$bin" "$@"; }
case "$(run --version)" in "1.0.0 (release build, "*) ;; *) fail "--version did not print 1.0.0 (release build, …)" ;; esac
run check specs/demo/food.json > /dev/null || fail "check of specs/demo/food.json failed"
screen=$(run render specs/demo/food.json --size 60x12)
echo "$screen" | grep -q "Pizza Margherita" || fail "render did not draw the food menu: $screen"
run --help | grep -q "Options of segue run" || fail "--help lacks the run options"
[ -f "$prefix/share/man/man1/segue.1" ] || fail "no manual page"
[ -s "$prefix/share/bash-completion/completions/segue" ] || fail "no bash completion"
for shell in bash zsh fish; do
  script="$prefix/share/segue/shell/segue.$shell"
  [ -s "$script" ] || fail "no $script"
  run --$shell | cmp -s - "$script" || fail "segue --$shell differs from $script"
done
echo "install-check: $bin runs without the toolchain ($(du -h "$bin" | cut -f1), links: $(ldd "$bin" | awk '{print $1}' | tr '\n' ' '))"
