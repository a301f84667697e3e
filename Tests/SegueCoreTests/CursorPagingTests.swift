import Testing
@testable import SegueCore
import SegueFiles

/// Pages that say what comes next: `"next": "token"` is passed on as `{{cursor}}` and
/// `SEGUE_CURSOR`; `"next": null` ends paging even after a full page.
@Suite struct CursorPagingTests {
    let spec = #"""
        {"title": "Feed", "sections": [
          {"source": {"command": ["./feed.sh", "--after", "{{cursor | start}}"], "pageSize": 2, "prefetch": 0},
           "as": "it", "row": {"title": "{{it.name}}"}}]}
        """#

    func key(_ generation: Int = 0) -> SourceKey { SourceKey(screen: 0, section: 0, generation: generation) }

    func items(_ names: String...) -> [JSONValue] { names.map { .object(["name": .string($0)]) } }

    func started() throws -> (AppState, SourceRequest) {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/feeds/main.json"),
                             size: Size(width: 40, height: 5))
        guard case .startSource(let request)? = update(&state, .start).first else { throw Failure() }
        return (state, request)
    }

    struct Failure: Error {}

    /// The loads among `effects`.
    func requests(_ effects: [Effect]) -> [SourceRequest] {
        effects.compactMap { effect in
            if case .startSource(let request) = effect { return request }
            return nil
        }
    }

    /// The next page's request after page 1 ends with `next`: a short window asks for it at once,
    /// or ↓ on the last item does.
    func nextRequest(after next: NextPage, _ state: inout AppState) -> SourceRequest? {
        _ = update(&state, .sourceItems(key(), items("A", "B")))
        let effects = update(&state, .sourceFinished(key(), .done(next: next)))
        return requests(effects + press(.end, .down, on: &state)).first
    }

    @Test func theFirstPageHasNoCursor() throws {
        let (_, request) = try started()
        #expect(request.origin == .command(["./feed.sh", "--after", "start"]))
        #expect(request.environment["SEGUE_CURSOR"] == nil)
    }

    @Test func aTokenIsPassedToTheNextPage() throws {
        var (state, _) = try started()
        let request = try #require(nextRequest(after: .cursor("tok-2"), &state))
        #expect(request.origin == .command(["./feed.sh", "--after", "tok-2"]))
        #expect(request.environment["SEGUE_CURSOR"] == "tok-2")
        #expect(request.environment["SEGUE_PAGE"] == "2")
    }

    @Test func nullEndsPagingEvenAfterAFullPage() throws {
        var (state, _) = try started()
        #expect(nextRequest(after: .end, &state) == nil)
        #expect(!screen(state).joined().contains("Loading"))
    }

    @Test func aRefreshStartsAgainWithoutTheCursor() throws {
        var (state, _) = try started()
        _ = nextRequest(after: .cursor("tok-2"), &state)
        let refreshed = requests(press(.char("r"), on: &state))
        #expect(refreshed.map(\.origin) == [.command(["./feed.sh", "--after", "start"])])
        #expect(refreshed.first?.environment["SEGUE_CURSOR"] == nil)
    }
}
