/// `--listen`: a program outside the session asks what it shows, or sends fzf's actions to it,
/// through a local HTTP server (`RemoteListener` in the terminal). Each request is an event; the
/// answer is an effect, so headless sessions and the app answer alike.
package struct RemoteRequest: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// `GET /`: the state, with at most `limit` matches from the `offset`th.
        case state(limit: Int, offset: Int)
        /// `POST /`: an action list, as `--bind` writes one after the colon.
        case actions([BindAction])
    }

    /// The connection the answer goes back on.
    package let id: Int
    package let kind: Kind

    package init(id: Int, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

/// The answer to a `RemoteRequest`: an HTTP status and a JSON or text body.
package struct RemoteReply: Equatable, Sendable {
    package let status: Int
    package let body: String

    package init(status: Int, body: String) {
        self.status = status
        self.body = body
    }
}

enum Remote {
    static func handle(_ request: RemoteRequest, _ state: inout AppState) -> [Effect] {
        switch request.kind {
        case .state(let limit, let offset):
            let body = stateJSON(state, limit: limit, offset: offset).compactJSON + "\n"
            return [.replyRemote(request.id, RemoteReply(status: 200, body: body))]
        case .actions(let actions):
            // A program that can reach the socket must not make it a shell: as fzf, actions that
            // run commands are refused unless Segue was started with `--listen-unsafe`.
            if !state.options.listenUnsafe, let unsafe = actions.first(where: \.runsCommand) {
                let body = "\(unsafe.name) runs a command: refused without --listen-unsafe\n"
                return [.replyRemote(request.id, RemoteReply(status: 403, body: body))]
            }
            // Answered first: an action that ends the session still lets the sender know.
            return [.replyRemote(request.id, RemoteReply(status: 200, body: ""))]
                + Bindings.perform(actions[...], trigger: "remote", &state)
        }
    }

    /// What the current screen shows, under fzf's names for it (`GET /` of `fzf --listen`):
    /// the query, the counts, the selected row, the matches shown from `offset` (at most
    /// `limit`), the marked rows.
    static func stateJSON(_ state: AppState, limit: Int, offset: Int) -> JSONValue {
        let screen = state.current
        let total = screen.searchableRowCount
        func item(_ index: Int) -> JSONValue {
            .object(["index": .number(String(screen.fullRow(index))), "text": .string(screen.boundRow(index).row.emittedValue)])
        }
        let shown = screen.rowCount
        let from = min(max(0, offset), shown)
        let to = min(shown, from + max(0, limit))
        var members: [String: JSONValue] = [:]
        members["query"] = .string(screen.find?.editor.text ?? "")
        members["prompt"] = .string(screen.find?.prompt ?? "")
        members["reading"] = .bool(screen.feeds.contains { $0.feed.phase == .loading })
        members["finding"] = .bool(screen.isFinding)
        members["totalCount"] = .number(String(total))
        members["matchCount"] = .number(String(screen.matchedRowCount ?? total))
        members["position"] = .number(String((screen.selection ?? -1) + 1))
        members["current"] = screen.selection.map(item) ?? .null
        members["matches"] = .array((from..<to).map(item))
        members["selected"] = .array(screen.marks.sorted().map { full -> JSONValue in
            .object(["index": .number(String(full)), "text": .string(screen.boundRow(full: full).row.emittedValue)])
        })
        members["screen"] = .string(screen.spec.title ?? "")
        return .object(members)
    }
}
