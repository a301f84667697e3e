import Testing
@testable import SegueCore
import SegueFiles

/// Finding in live sections: rows are matched as they arrive, and a refresh keeps the query.
@Suite struct FindLiveTests {
    let spec = #"""
        {"title": "Feed", "sections": [
          {"header": "Fixed", "rows": [{"title": "Alpha fixed"}]},
          {"header": "Users", "source": {"command": ["./feed.sh"], "format": "jsonl"},
           "as": "user", "row": {"title": "{{user.name}}", "id": "{{user.id}}"}}]}
        """#

    func key(_ generation: Int = 0) -> SourceKey { SourceKey(screen: 0, section: 1, generation: generation) }

    func users(_ names: String...) -> [JSONValue] {
        names.enumerated().map { .object(["id": .number(String($0.offset)), "name": .string($0.element)]) }
    }

    func finding(_ query: String) throws -> AppState {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/f/main.json"),
                             size: Size(width: 40, height: 12))
        _ = update(&state, .start)
        press(.char("/"), on: &state)
        for character in query { press(.char(character), on: &state) }
        return state
    }

    @Test func rowsThatArriveAreFilteredAsTheyCome() throws {
        var state = try finding("al")
        #expect(Array(screen(state)[1...2]) == [" Fixed", " > Alpha fixed"])
        _ = update(&state, .sourceItems(key(), users("Alan", "Bob")))
        _ = update(&state, .sourceItems(key(), users("Carl", "Dave", "Sally")))
        #expect(Array(screen(state)[1...7]) == [
            " Fixed", " > Alpha fixed", "", " Users", "   Alan", "   Carl", "   Sally",
        ])
        #expect(screen(state).last?.hasSuffix("4/6") == true)
    }

    @Test func statusRowsAreNeverFoundButLoadingIsSaid() throws {
        var state = try finding("load")
        #expect(screen(state)[1] == "   No matches for \"load\" yet: loading…")
        _ = update(&state, .sourceFinished(key(), .failed("cannot load")))
        #expect(screen(state)[1] == "   No matches for \"load\"")
    }

    @Test func aRefreshKeepsTheQueryOnTheNewRows() throws {
        var state = try finding("a")
        _ = update(&state, .sourceItems(key(), users("Alan", "Bob", "Carl")))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        press(.ctrl("r"), on: &state)
        _ = update(&state, .sourceItems(key(1), users("Zed", "Anna")))
        _ = update(&state, .sourceFinished(key(1), .done(next: .unspecified)))
        #expect(state.current.find?.editor.text == "a")
        #expect(Array(screen(state)[4...5]) == [" Users", "   Anna"])
        #expect(!screen(state).joined().contains("Alan"))
    }
}
