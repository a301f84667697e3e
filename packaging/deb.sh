#!/bin/sh
# `make deb`: a Debian package of an installed tree (`make install DESTDIR=ROOT PREFIX=/usr`):
# the binary, its manual (compressed, as Debian keeps them), the completions and the shell
# scripts of `segue --bash/--zsh/--fish` (/usr/share/segue/shell). Its Depends are the packages
# owning the shared libraries the binary loads (ldd, then dpkg -S): ncursesw, tinfo, libyaml and
# the C library for the static binary `make install` builds.
# $1: the installed root; $2: the folder the package is written to. Prints the package's path.
set -eu
root=$1
out=$2
fail() { echo "deb: $*" >&2; exit 1; }

bin="$root/usr/bin/segue"
[ -x "$bin" ] || fail "no binary at $bin (make install DESTDIR=$root PREFIX=/usr first)"
command -v dpkg-deb > /dev/null || fail "dpkg-deb is missing (apt-get install dpkg)"
version=$("$bin" --version | awk '{ print $1; exit }')
[ -n "$version" ] || fail "$bin --version printed no version"
arch=$(dpkg --print-architecture)

# The package owning each library, found by the path ldd gives, its real path, or either under
# /usr (Debian's merged /usr lists some libraries under one, some under the other).
depends=$(ldd "$bin" | awk '/=> \// { print $3 }' | while read -r library; do
  real=$(readlink -f "$library")
  for path in "$library" "$real" "/usr$library" "/usr$real" "${library#/usr}" "${real#/usr}"; do
    owner=$(dpkg -S "$path" 2> /dev/null | head -n 1 | cut -d: -f1) || true
    if [ -n "$owner" ]; then echo "$owner"; break; fi
  done
  [ -n "$owner" ] || echo "deb: warning: no package owns $library (left out of Depends)" >&2
done | sort -u | paste -sd, - | sed 's/,/, /g')
[ -n "$depends" ] || fail "found none of the packages $bin depends on (ldd $bin)"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -a "$root/." "$stage/"
find "$stage/usr/share/man" -type f ! -name '*.gz' -exec gzip -9n {} \; 2> /dev/null || true
mkdir -p "$stage/DEBIAN"
size=$(du -sk "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" << CONTROL
Package: segue
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-Segue maintainers <segue@localhost>}
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: terminal list browser and fuzzy picker
 Segue browses keyboard-driven menus, pickers and lists described by JSON or
 YAML specs in the terminal, and picks from lines piped in with fzf's flags
 (cmd | segue). segue --bash, --zsh and --fish print key bindings for the
 shell: CTRL-T for files, CTRL-R for the history, ALT-C to change folder, and
 **<Tab> completion.
CONTROL
(cd "$stage" && find usr -type f -exec md5sum {} + > DEBIAN/md5sums)
mkdir -p "$out"
package="$out/segue_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage" "$package" > /dev/null
echo "$package"
