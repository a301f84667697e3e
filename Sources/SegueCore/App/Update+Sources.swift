/// Live sections: starting, paging, refreshing and cancelling source loads, and taking in their
/// answers. Stale answers (a screen that is gone, an older generation) are dropped here.
///
/// Feeds are values inside their screen; every change goes through `Screen.updateFeed`, and no
/// copy of a feed is held across one, so its items are appended in place.
enum Sources {
    /// The requests that load the first page of every live section of the screen at `index`.
    static func start(ofScreenAt index: Int, _ state: inout AppState) -> [Effect] {
        let effects = state.stack[index].feeds.map(\.section).compactMap { section in
            request(page: 1, section: section, screenAt: index, &state)
        }
        state.stack[index].relayout(in: state.listViewport)
        return effects + RowCommands.startOnOpen(screenAt: index, &state)
    }

    /// Asks for `page` of a feed: its templates see the screen's data plus `page`, `offset`, `query`
    /// and `cursor`, which commands also get as `SEGUE_*` environment variables. With commands
    /// turned off (`--no-exec`, `--safe`), a command source is refused instead, visibly; with
    /// `--safe`, so is a file outside the spec's folder.
    private static func request(page: Int, section: Int, screenAt index: Int, _ state: inout AppState) -> Effect? {
        let screenID = state.stack[index].id
        // The context has `query`, the find line's text, which a command-searched source runs with.
        let context = state.stack[index].context
        let query = state.stack[index].find?.editor.text ?? ""
        let specPath = state.stack[index].spec.path
        let commandDirectory = state.stack[index].spec.commandDirectory
        let options = state.options
        return state.stack[index].updateFeed(section: section) { feed -> Effect? in
            feed.page = page
            feed.phase = .loading
            feed.pageCount = 0
            let source = feed.live.source
            let offset = (page - 1) * (source.pageSize ?? 0)
            var paging: [String: JSONValue] = [
                "page": .number(String(page)), "offset": .number(String(offset)),
            ]
            if let cursor = feed.cursor { paging["cursor"] = .string(cursor) }
            let bound = context.adding(.object(paging))
            let origin: SourceSpec.Origin
            switch source.origin {
            case .command(let arguments):
                let command = arguments.map { Template($0).render(in: bound) }
                guard options.allowExec else {
                    feed.phase = .refused(options.commandsOff + ": " + ExecCommand(arguments: command).display)
                    return nil
                }
                origin = .command(command)
            case .file(let path):
                origin = .file(SpecPath.resolve(Template(path).render(in: bound), relativeTo: specPath))
            case .handler(let name):
                origin = .handler(name)  // Swift code, in this process: not a command to turn off
            case .standardInput:
                origin = .standardInput  // what was piped in: no command runs
            }
            var environment = ["SEGUE_PAGE": String(page), "SEGUE_OFFSET": String(offset), "SEGUE_QUERY": query]
            if let cursor = feed.cursor { environment["SEGUE_CURSOR"] = cursor }
            var request = SourceRequest(
                key: SourceKey(screen: screenID, section: section, generation: feed.generation), origin: origin,
                // A file's name is the spec's to resolve; a command runs where the spec says.
                format: source.format, directory: origin.isCommand ? commandDirectory : specPath.map(SpecPath.folder) ?? ".",
                environment: environment,
                timeout: source.timeout,
                page: PageRequest(page: page, offset: offset, pageSize: source.pageSize, cursor: feed.cursor, query: query))
            request.itemEnd = source.itemEnd
            request.confinement = options.confinement  // judged by the world, on the file it opens
            return .startSource(request)
        } ?? nil
    }

    /// The index of the screen an answer is for; `nil` for a stale answer.
    private static func screenIndex(for key: SourceKey, in state: AppState) -> Int? {
        guard let index = state.stack.firstIndex(where: { $0.id == key.screen }),
              let entry = state.stack[index].feed(inSection: key.section),
              entry.feed.generation == key.generation else { return nil }
        return index
    }

    /// Items arrived: appended (or, for a refresh's first answer, replacing the old rows); after a
    /// refresh, the item that was selected is selected again as soon as it is back. Only the items
    /// that just arrived are looked at, so a long stream costs the same per batch.
    static func receive(_ add: (inout FeedItems) -> Void, count: Int, for key: SourceKey, on state: inout AppState) -> [Effect] {
        guard let index = screenIndex(for: key, in: state),
              let (firstRow, oldItems, replaces) = state.stack[index].feed(inSection: key.section).map({
                  ($0.firstRow, $0.feed.items.count, $0.feed.replacesOnNextItems)
              }) else { return [] }
        let start = firstRow - state.stack[index].fullLayout.spans[key.section].firstRow
        if replaces {
            // New rows in place of old ones: the selection keeps its position, marks on them go.
            state.stack[index].marks = state.stack[index].marks.filter { $0 < firstRow || $0 >= firstRow + oldItems }
        }
        let (newItems, holdsCursor, wanted) = state.stack[index].updateFeed(section: key.section) { feed in
            if feed.replacesOnNextItems {
                feed.items.removeAll()
                feed.arrival = nil
                feed.replacesOnNextItems = false
            }
            add(&feed.items)
            feed.pageCount += count
            defer { feed.holdsCursor = false }
            return (feed.items.count, feed.holdsCursor, feed.wantedID)
        } ?? (oldItems, false, nil)
        let change = replaces ? nil : Screen.FeedChange(section: key.section, start: start, oldItems: oldItems,
                                                         newItems: newItems, holdsCursor: holdsCursor)
        state.stack[index].relayout(in: state.listViewport, change: change, refilter: replaces)
        // `r` on a failure row: the cursor goes to the first row the new load brought, where it was.
        if replaces, holdsCursor, let row = state.stack[index].shownRow(section: key.section, position: start),
           state.stack[index].isEnabled(row) {
            state.stack[index].select(row, in: state.listViewport)
        }
        // The spec's `"select"`, among the rows as they arrive, until the user moves.
        if let selection = state.stack[index].wantedSelection {
            if state.stack[index].hasMoved {
                state.stack[index].wantedSelection = nil
            } else if let row = state.stack[index].row(withIDOrTitle: selection) {
                state.stack[index].wantedSelection = nil
                state.stack[index].hasMoved = true
                state.stack[index].select(row, in: state.listViewport)
            }
        }
        if let wanted {
            let arrived = replaces ? 0..<newItems : oldItems..<newItems
            if select(wanted, among: arrived, section: key.section, start: start, screenAt: index, &state) {
                _ = state.stack[index].updateFeed(section: key.section) { $0.wantedID = nil }
            }
        }
        return index == state.stack.count - 1 ? loadMoreIfNeeded(&state) : []
    }

    /// A page load ended: the feed settles, or shows the failure (keeping the rows it has).
    static func finish(_ outcome: SourceOutcome, for key: SourceKey, on state: inout AppState) -> [Effect] {
        guard let index = screenIndex(for: key, in: state) else { return [] }
        // An answer with no items still replaces the rows it was asked to.
        let replaced = state.stack[index].updateFeed(section: key.section) { feed -> Bool in
            defer { feed.holdsCursor = false }
            switch outcome {
            case .done(let next):
                let replaced = feed.replacesOnNextItems
                if replaced {
                    feed.items.removeAll()
                    feed.arrival = nil
                    feed.replacesOnNextItems = false
                }
                feed.phase = .loaded
                // The selection a refresh wanted back is given up once the first page is in.
                if feed.page == 1 { feed.wantedID = nil }
                switch next {
                case .end: feed.exhausted = true
                case .cursor(let token): feed.cursor = token
                case .unspecified: feed.cursor = nil
                }
                if let size = feed.live.source.pageSize {
                    if feed.pageCount < size { feed.exhausted = true }
                } else {
                    feed.exhausted = true
                }
                return replaced
            case .failed(let message):
                feed.phase = .failed(message)
                return false
            case .refused(let message):
                feed.phase = .refused(message)
                return false
            }
        } ?? false
        let reordered = state.orderLiveByFrecency(section: key.section, screenAt: index)
        state.stack[index].relayout(in: state.listViewport, refilter: replaced || reordered)
        // A sorted table's rows came again (a refresh): sorted again once they have all come.
        state.stack[index].sortAgainIfCameAgain(section: key.section, in: state.listViewport)
        guard index == state.stack.count - 1 else { return [] }
        return loadMoreIfNeeded(&state) + Find.acceptIfSearched(&state) + armTimedRefresh(section: key.section, on: &state.current)
    }

    /// Asks for the next page of any feed of the current screen whose last loaded row the cursor has
    /// come within `prefetch` rows of; after the user `moved`, also when the cursor has just run past
    /// it (a held ↓ skips the disabled "Loading more…" row) — but not as rows arrive, or a cursor
    /// sitting below a feed would load every page.
    ///
    /// While a find filters the list, only command-searched sections load more pages (their rows are
    /// the search's answer); the others are searched as far as they have loaded.
    static func loadMoreIfNeeded(_ state: inout AppState, moved: Bool = false) -> [Effect] {
        guard let shown = state.current.selection else { return [] }
        let selection = state.current.fullRow(shown)
        let index = state.stack.count - 1
        var effects: [Effect] = []
        for entry in state.current.feeds {
            let feed = entry.feed
            guard feed.phase == .loaded, !feed.exhausted, feed.live.source.pageSize != nil, !feed.items.isEmpty,
                  state.current.find == nil || feed.live.source.searchesByCommand else { continue }
            let lastItem = entry.firstRow + feed.items.count - 1
            // Near the last item, or just past it (a held ↓ can run past the "Loading more…" row).
            let prefetch = feed.live.source.prefetch
            // A tall window fills itself: the last item on screen with the cursor above it asks too.
            let start = entry.firstRow - state.current.fullLayout.spans[entry.section].firstRow
            let lastShown = state.current.shownRow(section: entry.section, position: start + feed.items.count - 1)
            let lastOnScreen = selection <= lastItem && lastShown.map {
                state.current.layout.itemIndex(ofRow: $0) < state.current.offset + state.listViewport.height
            } == true
            guard lastOnScreen || (selection >= lastItem - prefetch && selection <= lastItem + (moved ? prefetch + 1 : 0))
            else { continue }
            if let effect = request(page: feed.page + 1, section: entry.section, screenAt: index, &state) {
                effects.append(effect)
            }
            state.current.relayout(in: state.listViewport)
        }
        return effects
    }

    /// `r`: every live section of the current screen (or those `including` picks) loads again from
    /// its first page; answers to the loads it replaces are dropped, and the rows stay until the new
    /// ones come.
    static func refresh(_ state: inout AppState, section: Int? = nil, including: (LiveFeed) -> Bool = { _ in true }) -> [Effect] {
        let index = state.stack.count - 1
        var effects: [Effect] = []
        // What was piped in is read once: there is nothing to read again.
        let once = state.current.feeds.filter { $0.feed.live.source.origin == .standardInput && (section == nil || $0.section == section) }
        if !once.isEmpty { state.setStatus(StatusMessage("standard input is read once: nothing to reload")) }
        for entry in state.current.feeds where including(entry.feed) && (section == nil || entry.section == section)
            && entry.feed.live.source.origin != .standardInput {
            let onStatusRow = state.current.selection.map(state.current.fullRow) == entry.firstRow + entry.feed.items.count
            let wanted = selectedID(in: state.current, feed: entry.feed, firstRow: entry.firstRow)
            let generation = state.current.updateFeed(section: entry.section) { feed -> Int in
                defer { feed.generation += 1 }
                feed.wantedID = wanted
                feed.cursor = nil
                feed.exhausted = false
                feed.replacesOnNextItems = true
                feed.holdsCursor = onStatusRow && feed.statusRow?.enabled == true
                return feed.generation
            } ?? 0
            effects.append(.cancelSource(SourceKey(screen: state.current.id, section: entry.section, generation: generation)))
            if let effect = request(page: 1, section: entry.section, screenAt: index, &state) { effects.append(effect) }
        }
        if !effects.isEmpty { state.current.relayout(in: state.listViewport) }
        return effects
    }

    /// Enter on a failure row: the failed page again. The cursor stays where the failure row was.
    static func retry(row: Int, _ state: inout AppState) -> [Effect]? {
        guard let entry = state.current.feeds.first(where: { row == $0.firstRow + $0.feed.items.count }),
              case .failed = entry.feed.phase else { return nil }
        state.current.updateFeed(section: entry.section) { feed in
            // What the failed page brought before it failed comes again with the retry.
            feed.items.removeLast(min(feed.pageCount, feed.items.count))
            feed.holdsCursor = true
        }
        state.current.hasMoved = true
        let effect = request(page: entry.feed.page, section: entry.section, screenAt: state.stack.count - 1, &state)
        state.current.relayout(in: state.listViewport, refilter: true)
        return effect.map { [$0] } ?? []
    }

    /// The `id` attribute of the selected row, when it is one of `feed`'s items.
    private static func selectedID(in screen: Screen, feed: LiveFeed, firstRow: Int) -> JSONValue? {
        guard let selection = screen.selection.map(screen.fullRow), selection >= firstRow,
              selection < firstRow + feed.items.count else { return nil }
        return screen.boundRow(full: selection).row.id
    }

    /// Selects the item among `items` of the feed of `section` (whose rows begin at `start` in it) whose
    /// `id` is `id`; returns whether one was. An item a find does not show is not selected.
    private static func select(_ id: JSONValue, among items: Range<Int>, section: Int, start: Int, screenAt index: Int,
                               _ state: inout AppState) -> Bool {
        for item in items where state.stack[index].boundRow(section: section, position: start + item).row.id == id {
            guard let row = state.stack[index].shownRow(section: section, position: start + item) else { return false }
            state.stack[index].select(row, in: state.listViewport)
            return true
        }
        return false
    }

    /// After a load of a section with `"every"` settled on the screen on top: its next timed refresh.
    /// (A hidden screen's sections wait; they are armed again when it shows.)
    static func armTimedRefresh(section: Int, on screen: inout Screen) -> [Effect] {
        guard let feed = screen.feed(inSection: section)?.feed, let every = feed.live.source.every,
              feed.phase != .loading else { return [] }
        _ = screen.updateFeed(section: section) { $0.refreshesQuietly = false }
        return [.startTimer(TimerKey(screen: screen.id, generation: feed.generation, purpose: .refresh(section: section)),
                            seconds: every)]
    }

    /// Every timed section of the screen now on top starts counting again (it was hidden).
    static func armTimedRefreshes(on screen: inout Screen) -> [Effect] {
        screen.feeds.flatMap { armTimedRefresh(section: $0.section, on: &screen) }
    }

    /// A section's timed refresh is due: it loads again from its first page, quietly (the rows
    /// stay, the selection is kept by `id`); unless its screen is hidden, it was refreshed since, or
    /// a load is under way (then it waits another interval).
    static func timedRefresh(_ key: TimerKey, section: Int, _ state: inout AppState) -> [Effect] {
        guard key.screen == state.current.id, let feed = state.current.feed(inSection: section)?.feed,
              feed.generation == key.generation, let every = feed.live.source.every else { return [] }
        guard feed.phase != .loading else { return [.startTimer(key, seconds: every)] }
        _ = state.current.updateFeed(section: section) { $0.refreshesQuietly = true }
        return refresh(&state, section: section)
    }

    /// A source whose first lines are its section's header (`--header-lines`): they go there, as
    /// they are, until it has them all; the rest are rows.
    static func takeHeaderLines(_ items: RawItems, for key: SourceKey, _ state: inout AppState) -> RawItems {
        guard let index = screenIndex(for: key, in: state), let feed = state.stack[index].feed(inSection: key.section)?.feed else {
            return items
        }
        let wanted = feed.live.headerLines - state.stack[index].headerLinesTaken(key.section)
        guard wanted > 0, items.count > 0 else { return items }
        let taken = min(wanted, items.count)
        state.stack[index].addHeaderLines((0..<taken).map { String(decoding: items.bytes(at: $0), as: UTF8.self) }, section: key.section)
        return items.dropFirst(taken)
    }

    /// A source shown last first (`--tac`) keeps what it brings until it ends; true when `items`
    /// were held.
    static func hold(_ items: RawItems, for key: SourceKey, _ state: inout AppState) -> Bool {
        guard let index = screenIndex(for: key, in: state),
              state.stack[index].feed(inSection: key.section)?.feed.live.source.reversesItems == true else { return false }
        _ = state.stack[index].updateFeed(section: key.section) { feed in
            if feed.held == nil { feed.held = RawItems(kind: items.kind) }
            feed.held?.append(contentsOf: items)
        }
        return true
    }

    /// What a last-first source held, reversed, now that it has ended.
    static func releaseHeld(for key: SourceKey, _ state: inout AppState) -> RawItems? {
        guard let index = screenIndex(for: key, in: state) else { return nil }
        return state.stack[index].updateFeed(section: key.section) { feed -> RawItems? in
            defer { feed.held = nil }
            return feed.held?.reversed()
        } ?? nil
    }
}
