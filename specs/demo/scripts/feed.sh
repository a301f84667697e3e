#!/bin/sh
# A fake event log for the "Live feeds" demo screen (specs/demo/feeds.json): 500 events served in
# pages, slowly, as JSON lines — the kind of command a live section pages through.
#
#   feed.sh [PAGE [PAGE_SIZE]]
#
# PAGE defaults to $SEGUE_PAGE (which Segue sets), else 1; PAGE_SIZE to 50. A page past the end
# prints nothing. Environment, for trying things out:
#   FEED_DELAY=SECONDS   wait this long before answering (default 0.4)
#   FEED_FAIL_PAGE=N     page N fails (a message on stderr, exit status 3) every other time it is
#                        asked for, so Enter on the error row (a retry) gets it the next time
#   FEED_TOTAL=N         how many events there are (default 500)
#
# Try it on its own: scripts/feed.sh 2 5

set -eu

page=${1:-${SEGUE_PAGE:-1}}
size=${2:-50}
total=${FEED_TOTAL:-500}

case $page$size$total in
    *[!0-9]*) echo "feed.sh: page, page size and FEED_TOTAL must be whole numbers" >&2; exit 2 ;;
esac
if [ "$page" -lt 1 ] || [ "$size" -lt 1 ]; then
    echo "feed.sh: page and page size start at 1" >&2
    exit 2
fi

sleep "${FEED_DELAY:-0.4}"

if [ "${FEED_FAIL_PAGE:-}" = "$page" ]; then
    # Every other request for this page fails: an empty marker file (per Segue process, $PPID)
    # remembers the failure, and the next request removes it and answers. Quitting while the
    # error shows leaves the marker behind in $TMPDIR (or /tmp).
    marker="${TMPDIR:-/tmp}/segue-feed-$PPID-page-$page"
    if [ -e "$marker" ]; then
        rm -f "$marker"
    else
        : > "$marker"
        echo "page $page: upstream timed out" >&2
        exit 3
    fi
fi

# The events are made up, but the same every time: event N is always the same.
awk -v page="$page" -v size="$size" -v total="$total" 'BEGIN {
    split("api billing search auth mailer scheduler", services, " ")
    split("request.served cache.miss payment.retried login.failed mail.queued job.finished slow.query deploy.started", names, " ")
    first = (page - 1) * size + 1
    last = page * size
    if (last > total) last = total
    for (id = first; id <= last; id++) {
        n = (id * 7919) % 1000
        name = names[n % 8 + 1]
        service = services[(id * 31) % 6 + 1]
        level = "INFO"
        if (n % 19 == 0) {
            name = "payment.failed"; level = "ERROR"; service = "billing"
            message = sprintf("charge for order %d declined: card expired", 4000 + n)
        }
        else if (name == "request.served")  message = sprintf("GET /v1/orders/%d 200 in %d ms", 4000 + n, 12 + n % 180)
        else if (name == "cache.miss")      { level = "DEBUG"; message = sprintf("cache miss for user:%d, fetched in %d ms", 100 + n, 3 + n % 40) }
        else if (name == "payment.retried") { level = "WARN"; message = sprintf("charge for order %d retried (attempt %d)", 4000 + n, 2 + n % 3) }
        else if (name == "login.failed")    { level = "WARN"; message = sprintf("wrong password for user %d from 10.0.%d.%d", 100 + n, n % 256, id % 256) }
        else if (name == "mail.queued")     message = sprintf("receipt for order %d queued", 4000 + n)
        else if (name == "job.finished")    message = sprintf("nightly export finished, %d rows", 1000 + n * 13)
        else if (name == "slow.query")      { level = "WARN"; message = sprintf("orders query took %d ms", 500 + n * 3) }
        else                                message = sprintf("deploy #%d of %s started", 1 + n % 90, service)
        # One event every 7 seconds from 09:00:00.
        t = (id - 1) * 7
        time = sprintf("2026-03-14T%02d:%02d:%02dZ", 9 + int(t / 3600), int(t / 60) % 60, t % 60)
        printf "{\"id\": %d, \"name\": \"%s\", \"time\": \"%s\", \"level\": \"%s\", \"service\": \"%s\", \"message\": \"%s\"}\n", \
            id, name, time, level, service, message
    }
}'
