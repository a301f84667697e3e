/// What a live section has loaded so far and what it is doing: the one piece of screen state that
/// changes while the screen is shown, as pages arrive.
///
/// A value like the rest of the state; only `update` changes it, in place (see
/// `Screen.updateFeed`), so a million streamed items are appended without being copied.
package struct LiveFeed: Sendable {
    package enum Phase: Equatable, Sendable {
        case loading
        case loaded
        /// The load failed; Enter or r on the failure row tries again.
        case failed(String)
        /// The load was not allowed (`--no-exec`): trying again cannot help.
        case refused(String)
    }

    /// Changed only by a `reload(cmd)` binding, which makes the piped lines a command's.
    package internal(set) var live: LiveSource
    package internal(set) var items = FeedItems()
    package internal(set) var phase: Phase = .loading
    /// The page being loaded or last loaded, from 1.
    package internal(set) var page = 1
    /// The next page's cursor from a `{"next": …}`.
    var cursor: String?
    /// No more pages: a short page, `"next": null`, or no paging at all.
    package internal(set) var exhausted = false
    /// Bumped by every refresh; answers for older generations are dropped.
    package internal(set) var generation = 0
    /// A refresh keeps the old rows until the new first page brings its first items.
    var replacesOnNextItems = false
    /// The `id` of the row selected when a refresh began, to select it again when it is back.
    var wantedID: JSONValue?
    /// Items the current page has brought so far.
    var pageCount = 0
    /// The spinner's frame.
    var frame = 0
    /// The cursor sat on the failure row when the load was retried: the "Loading…" row that
    /// replaces it keeps the cursor, so the first new item (or the next failure) gets it back.
    var holdsCursor = false
    /// A timed refresh (`"every"`) is loading: the rows it replaces stay, with no "Loading…" row
    /// under them, so a dashboard does not jump.
    var refreshesQuietly = false
    /// Items held until the source ends, to be shown last first (`--tac`).
    var held: RawItems?
    /// After a table's sort, which item (by the order they came) each of the first items is;
    /// `nil` while they are in the order they came. Items that come later follow as they came.
    var arrival: [Int32]?

    init(_ live: LiveSource) {
        self.live = live
    }

    /// Whether a status row follows the items; cheaper than building it, for counting rows.
    var hasStatusRow: Bool {
        if case .loaded = phase { return items.isEmpty }
        if isQuiet { return false }
        return true
    }

    /// A timed refresh is loading over rows that stay.
    private var isQuiet: Bool { refreshesQuietly && phase == .loading && !items.isEmpty && !holdsCursor }

    /// Whether the status row can take the cursor (as `statusRow?.enabled`, without building it).
    var statusRowIsEnabled: Bool {
        switch phase {
        case .loading: return holdsCursor
        case .failed: return true
        case .refused, .loaded: return false
        }
    }

    /// The row after the items that tells what is going on, if anything is.
    var statusRow: Row? {
        let spinner = String(Self.spinner[frame % Self.spinner.count])
        switch phase {
        case .loading:
            if isQuiet { return nil }
            return Row(title: (page == 1 ? "Loading… " : "Loading more… ") + spinner, enabled: holdsCursor)
        case .failed(let message):
            return Row(title: "⚠ " + message, detail: "⏎ or r: retry")
        case .refused(let message):
            return Row(title: "⚠ " + message, enabled: false)
        case .loaded:
            guard items.isEmpty else { return nil }
            return Row(title: live.empty ?? "Nothing here yet", enabled: false)
        }
    }

    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
