/// One page asked of a source written in Swift: a composed section's closure, or a spec's
/// `"source": {"handler": "users"}` naming one a program registered.
public struct PageRequest: Equatable, Sendable {
    /// 1 for the first page.
    public var page: Int
    /// The items before this page: (page - 1) × `pageSize`.
    public var offset: Int
    /// The section's `pageSize`; `nil` when it loads everything at once.
    public var pageSize: Int?
    /// What the previous page said comes next (`SourcePage.next`), if it said.
    public var cursor: String?
    /// What the find line holds, for a source that searches.
    public var query: String

    public init(page: Int = 1, offset: Int = 0, pageSize: Int? = nil, cursor: String? = nil, query: String = "") {
        self.page = page
        self.offset = offset
        self.pageSize = pageSize
        self.cursor = cursor
        self.query = query
    }
}

/// The items a Swift source answers a page with, and what comes after it.
///
/// ```swift
/// SourcePage(items: users.map { ["name": .string($0.name), "id": .number(String($0.id))] },
///            next: users.count < 50 ? .end : .cursor(token))
/// ```
public struct SourcePage: Sendable {
    /// One per row, bound into the section's row template as `{{item.…}}` (or its `as` name).
    public var items: [JSONValue]
    /// `.end` after the last page, `.cursor(token)` for the next page's `PageRequest.cursor`,
    /// `.unspecified` to go on until a page comes back short.
    public var next: NextPage

    public init(items: [JSONValue], next: NextPage = .unspecified) {
        self.items = items
        self.next = next
    }

    /// Rows given as objects of attributes.
    public init(rows: [[String: JSONValue]], next: NextPage = .unspecified) {
        self.init(items: rows.map { .object($0) }, next: next)
    }
}

/// A source written in Swift: answers one page at a time, as a task the user can leave (it is
/// cancelled then, and a late answer is dropped).
public typealias SourceHandler = @Sendable (PageRequest) async throws -> SourcePage

/// A handler registered from Swift, as the world runs it: at once (its actions come back before
/// the next key), or as a task while the app goes on answering keys.
package enum SwiftHandler: Sendable {
    case immediate(@Sendable ([String: JSONValue]) -> [RowAction])
    /// Run as a task; through `link` it shows progress and asks the user while it runs.
    case task(@Sendable (_ row: [String: JSONValue], _ link: HandlerLink) async throws -> [RowAction])
}

/// What a program registered in Swift, looked up by name when a spec or a composed screen uses
/// it (screens pushed later register more, so the lookup happens each time).
package struct SwiftCallbacks: Sendable {
    package var handler: @Sendable (String) -> SwiftHandler?
    package var source: @Sendable (String) -> SourceHandler?

    package init(handler: @escaping @Sendable (String) -> SwiftHandler? = { _ in nil },
                source: @escaping @Sendable (String) -> SourceHandler? = { _ in nil }) {
        self.handler = handler
        self.source = source
    }

    /// Nothing registered: the `segue` command.
    package static let none = SwiftCallbacks()
}

/// How a call to a handler went: it answered at once (`nil`: there is no such handler), or it
/// runs as a task whose end comes later as `Event.handlerEnded`.
package enum HandlerCall: Equatable, Sendable {
    case finished([RowAction]?)
    case started(task: Int)
}

/// How a handler run as a task ended.
package enum HandlerOutcome: Equatable, Sendable {
    /// It returned: the actions it asked for.
    case actions([RowAction])
    /// It threw: what the error says.
    case failed(String)
}

extension SwiftCallbacks {
    /// Calls the handler `name`: at once, or as a task on `work` (its end comes as an event).
    package func call(_ name: String, row: [String: JSONValue], on work: AsyncWork) -> HandlerCall {
        switch handler(name) {
        case nil: return .finished(nil)
        case .immediate(let body)?: return .finished(body(row))
        case .task(let body)?: return .started(task: work.startHandler(body, row: row))
        }
    }

    /// Loads a page from the Swift source `name` as a task on `work`; a name nothing registered
    /// fails the page.
    package func startSource(_ request: SourceRequest, named name: String, on work: AsyncWork) {
        guard let body = source(name) else {
            work.post([.sourceFinished(request.key, .failed("no source named \(JSONValue.string(name).summary) is registered"))])
            return
        }
        work.startSource(request, with: body)
    }
}
