import SegueCore
import SegueFiles

/// Finding rows: the time from a keystroke to the filtered frame (every slice of the filter done,
/// the frame drawn), as `segue` does it, without a terminal.
enum FindProbe {
    struct Result {
        /// Seconds for the whole query typed at once (as after a paste or `--query`): one filter.
        var fresh: Double
        /// Seconds for the query's last keystroke, after the rest was typed: it narrows.
        var lastKey: Double
        var matches: Int
    }

    /// Loads `spec` and measures `query` on it.
    static func run(spec path: String, query: String) throws -> Result {
        let spec = try SpecLoader(disk: nil).load(path: path)
        var state = AppState(root: spec, size: Probe.size)
        _ = update(&state, .key(.char("/")))
        let (_, fresh) = Monotonic.measure {
            // Pasted: the whole query is one change, as typing it at once would be.
            _ = update(&state, .paste(query))
            return finish(&state)
        }
        let count = state.current.matchedRowCount ?? 0
        // Type it again a key at a time; time only the last key.
        _ = update(&state, .key(.ctrl("u")))
        _ = finish(&state)
        for character in query.dropLast() {
            _ = update(&state, .key(.char(character)))
            _ = finish(&state)
        }
        let (_, lastKey) = Monotonic.measure {
            _ = update(&state, .key(.char(query.last ?? " ")))
            return finish(&state)
        }
        return Result(fresh: fresh, lastKey: lastKey, matches: count)
    }

    /// Seconds for each key of `query` typed one at a time into a fresh find (each filtered to
    /// its end and drawn before the next), as a person typing slower than the filter.
    static func keys(spec path: String, query: String) throws -> [Double] {
        let spec = try SpecLoader(disk: nil).load(path: path)
        var state = AppState(root: spec, size: Probe.size)
        _ = update(&state, .key(.char("/")))
        return query.map { character in
            Monotonic.measure {
                _ = update(&state, .key(.char(character)))
                return finish(&state)
            }.1
        }
    }

    /// Runs the pending filter to its end and draws the frame.
    private static func finish(_ state: inout AppState) -> Grid {
        while state.hasPendingWork { _ = update(&state, .work) }
        return render(state, size: Probe.size)
    }
}
