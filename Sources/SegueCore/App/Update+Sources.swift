/// Live sections: starting, paging, refreshing and cancelling source loads, and taking in their
/// answers. Stale answers (a screen that is gone, an older generation) are dropped here.

/// The requests that load the first page of every live section of the screen at `index`.
func startSources(ofScreenAt index: Int, _ state: inout AppState) -> [Effect] {
    let effects = state.stack[index].feeds.compactMap { entry in
        request(entry.feed, section: entry.section, page: 1, screen: state.stack[index], options: state.options)
    }
    state.stack[index].relayout(in: state.listViewport)
    return effects
}

/// Asks for `page` of a feed: its templates see the screen's data plus `page`, `offset`, `query`
/// and `cursor`, which commands also get as `SEGUE_*` environment variables. With commands
/// turned off (`--no-exec`), a command source fails instead, visibly.
private func request(_ feed: LiveFeed, section: Int, page: Int, screen: Screen, options: AppOptions) -> Effect? {
    feed.page = page
    feed.phase = .loading
    feed.pageCount = 0
    let source = feed.live.source
    let offset = (page - 1) * (source.pageSize ?? 0)
    var paging: [String: JSONValue] = [
        "page": .number(String(page)), "offset": .number(String(offset)), "query": "",
    ]
    if let cursor = feed.cursor { paging["cursor"] = .string(cursor) }
    let context = screen.context.adding(.object(paging))
    let origin: SourceSpec.Origin
    switch source.origin {
    case .command(let arguments):
        let command = arguments.map { Template($0).render(in: context) }
        guard options.allowExec else {
            feed.phase = .failed("running commands is turned off (--no-exec): " + ExecCommand(arguments: command).display)
            return nil
        }
        origin = .command(command)
    case .file(let path):
        origin = .file(SpecPath.resolve(Template(path).render(in: context), relativeTo: screen.spec.path))
    }
    var environment = ["SEGUE_PAGE": String(page), "SEGUE_OFFSET": String(offset), "SEGUE_QUERY": ""]
    if let cursor = feed.cursor { environment["SEGUE_CURSOR"] = cursor }
    return .startSource(SourceRequest(
        key: SourceKey(screen: screen.id, section: section, generation: feed.generation), origin: origin,
        format: source.format, directory: screen.spec.path.map(SpecPath.folder) ?? ".", environment: environment,
        timeout: source.timeout))
}

/// The feed an answer is for, and the index of its screen; `nil` for a stale answer.
private func feed(for key: SourceKey, in state: AppState) -> (screen: Int, feed: LiveFeed)? {
    guard let index = state.stack.firstIndex(where: { $0.id == key.screen }),
          let entry = state.stack[index].feeds.first(where: { $0.section == key.section }),
          entry.feed.generation == key.generation else { return nil }
    return (index, entry.feed)
}

/// Items arrived: appended (or, for a refresh's first answer, replacing the old rows); after a
/// refresh, the item that was selected is selected again as soon as it is back.
func receive(_ add: (inout FeedItems) -> Void, count: Int, for key: SourceKey, on state: inout AppState) -> [Effect] {
    guard let (index, feed) = feed(for: key, in: state) else { return [] }
    var change = changeRecord(feed, in: state.stack[index])
    if feed.replacesOnNextItems {
        // New rows in place of old ones: the selection keeps its position, marks on them go.
        if let entry = state.stack[index].feeds.first(where: { $0.feed === feed }) {
            state.stack[index].marks = state.stack[index].marks.filter { $0 < entry.firstRow || $0 >= entry.firstRow + feed.items.count }
        }
        feed.items.removeAll()
        feed.replacesOnNextItems = false
        change = nil
    }
    add(&feed.items)
    feed.pageCount += count
    state.stack[index].relayout(in: state.listViewport, change: change)
    if let wanted = feed.wantedID, select(wanted, in: feed, screen: index, &state) { feed.wantedID = nil }
    return index == state.stack.count - 1 ? loadMoreIfNeeded(&state) : []
}

/// A page load ended: the feed settles, or shows the failure (keeping the rows it has).
func finish(_ outcome: SourceOutcome, for key: SourceKey, on state: inout AppState) -> [Effect] {
    guard let (index, feed) = feed(for: key, in: state) else { return [] }
    switch outcome {
    case .done(let next):
        if feed.replacesOnNextItems {
            feed.items.removeAll()
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
    case .failed(let message):
        feed.phase = .failed(message)
    }
    state.stack[index].relayout(in: state.listViewport)
    return index == state.stack.count - 1 ? loadMoreIfNeeded(&state) : []
}

/// Asks for the next page of any feed of the current screen whose last loaded row the cursor has
/// come within `prefetch` rows of; after the user `moved`, also when the cursor has just run past
/// it (a held ↓ skips the disabled "Loading more…" row) — but not as rows arrive, or a cursor
/// sitting below a feed would load every page.
func loadMoreIfNeeded(_ state: inout AppState, moved: Bool = false) -> [Effect] {
    guard let selection = state.current.selection else { return [] }
    var effects: [Effect] = []
    for entry in state.current.feeds {
        let feed = entry.feed
        guard feed.phase == .loaded, !feed.exhausted, feed.live.source.pageSize != nil, !feed.items.isEmpty else { continue }
        let lastItem = entry.firstRow + feed.items.count - 1
        // Near the last item, or just past it (a held ↓ can run past the "Loading more…" row).
        let prefetch = feed.live.source.prefetch
        // A tall window fills itself: the last item on screen with the cursor above it asks too.
        let lastOnScreen = selection <= lastItem
            && state.current.layout.itemIndex(ofRow: lastItem) < state.current.offset + state.listViewport.height
        guard lastOnScreen || (selection >= lastItem - prefetch && selection <= lastItem + (moved ? prefetch + 1 : 0))
        else { continue }
        if let effect = request(feed, section: entry.section, page: feed.page + 1, screen: state.current,
                                options: state.options) {
            effects.append(effect)
        }
        state.current.relayout(in: state.listViewport)
    }
    return effects
}

/// `r`: every live section of the current screen loads again from its first page; answers to the
/// loads it replaces are dropped, and the rows stay until the new ones come.
func refresh(_ state: inout AppState) -> [Effect] {
    var effects: [Effect] = []
    for entry in state.current.feeds {
        let feed = entry.feed
        effects.append(.cancelSource(SourceKey(screen: state.current.id, section: entry.section, generation: feed.generation)))
        feed.wantedID = selectedID(in: state.current, feed: feed)
        feed.generation += 1
        feed.cursor = nil
        feed.exhausted = false
        feed.replacesOnNextItems = true
        if let effect = request(feed, section: entry.section, page: 1, screen: state.current, options: state.options) {
            effects.append(effect)
        }
    }
    if !effects.isEmpty { state.current.relayout(in: state.listViewport) }
    return effects
}

/// Enter on a failure row: the failed page again.
func retry(row index: Int, _ state: inout AppState) -> [Effect]? {
    guard let entry = state.current.feeds.first(where: { index == $0.firstRow + $0.feed.items.count }),
          case .failed = entry.feed.phase else { return nil }
    // What the failed page brought before it failed comes again with the retry.
    entry.feed.items.removeLast(min(entry.feed.pageCount, entry.feed.items.count))
    let effect = request(entry.feed, section: entry.section, page: entry.feed.page, screen: state.current,
                         options: state.options)
    state.current.relayout(in: state.listViewport)
    return effect.map { [$0] } ?? []
}

/// What `relayout` needs to keep the selection in place while `feed` changes.
private func changeRecord(_ feed: LiveFeed, in screen: Screen) -> (feed: LiveFeed, start: Int, oldItems: Int)? {
    guard let entry = screen.feeds.first(where: { $0.feed === feed }) else { return nil }
    return (feed, entry.firstRow - screen.layout.spans[entry.section].firstRow, feed.items.count)
}

/// Spinners turn.
func tick(_ state: inout AppState) {
    for entry in state.current.feeds where entry.feed.phase == .loading { entry.feed.frame += 1 }
}

/// The `id` attribute of the selected row, when it is one of `feed`'s items.
private func selectedID(in screen: Screen, feed: LiveFeed) -> JSONValue? {
    guard let selection = screen.selection,
          let entry = screen.feeds.first(where: { $0.feed === feed }),
          selection >= entry.firstRow, selection < entry.firstRow + feed.items.count else { return nil }
    return screen.row(selection).extras["id"]
}

/// Selects the item whose `id` is `id`, if it has arrived; returns whether it had.
private func select(_ id: JSONValue, in feed: LiveFeed, screen index: Int, _ state: inout AppState) -> Bool {
    guard let entry = state.stack[index].feeds.first(where: { $0.feed === feed }) else { return false }
    for position in feed.items.indices where state.stack[index].row(entry.firstRow + position).extras["id"] == id {
        state.stack[index].select(entry.firstRow + position, in: state.listViewport)
        return true
    }
    return false
}
