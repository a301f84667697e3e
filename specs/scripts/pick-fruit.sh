#!/bin/sh
# Asks for a fruit with segue and uses the answer, the way a script would use any menu.
#
#   specs/scripts/pick-fruit.sh            pick one fruit
#   specs/scripts/pick-fruit.sh --multi    Space marks fruit, Enter picks the marked ones
#
# Other options are passed to segue too (--no-mouse, --print-json, …). Set SEGUE to the segue
# binary to use; otherwise it is `segue` on PATH, or the repository's debug build.

here=$(cd "$(dirname "$0")" && pwd)

segue=${SEGUE:-segue}
if ! command -v "$segue" >/dev/null 2>&1; then
    segue=$here/../../.build/debug/segue
    if [ ! -x "$segue" ]; then
        echo "pick-fruit.sh: segue not found: put it on PATH, set SEGUE, or run swift build" >&2
        exit 127
    fi
fi

# segue draws on the terminal (/dev/tty) and prints only the choice to standard output.
fruit=$("$segue" "$@" "$here/fruit.json")
status=$?

if [ "$status" -ne 0 ] || [ -z "$fruit" ]; then
    echo "Nothing picked (status $status)"
    exit "$status"
fi

# One fruit per line: with --multi there can be several.
list=
while IFS= read -r name; do
    list=${list:+$list, }$name
done <<END
$fruit
END
echo "You picked: $list"
