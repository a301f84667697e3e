import Testing
@testable import SegueCore
import SegueFiles

/// Where the cursor goes while a live section fails, retries and is refused.
@Suite struct LiveCursorTests {
    /// Two fixed sections above a live one, so a cursor that jumps has somewhere to land.
    let spec = #"""
        {"title": "Feeds", "sections": [
          {"header": "Menu", "rows": [{"title": "Settings", "action": "back"}, {"title": "Danger", "action": "quit"}]},
          {"header": "More", "rows": [{"title": "About"}]},
          {"header": "Users", "source": {"command": ["./feed.sh"], "format": "jsonl"},
           "as": "user", "row": {"title": "{{user.name}}", "action": {"type": "emit", "value": "{{user.name}}"}}}]}
        """#

    let key = SourceKey(screen: 0, section: 2, generation: 0)

    func failed(options: AppOptions = AppOptions()) throws -> AppState {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/feeds/main.json"),
                             size: Size(width: 60, height: 14), options: options)
        _ = update(&state, .start)
        _ = update(&state, .sourceFinished(key, .failed("exit status 1: no network")))
        press(.end, on: &state)
        #expect(selectedTitle(state) == "⚠ exit status 1: no network")
        return state
    }

    @Test func retryingKeepsTheCursorOnTheSectionItRetries() throws {
        var state = try failed()
        let effects = press(.enter, on: &state)
        #expect(effects.count == 1)
        #expect(selectedTitle(state)?.hasPrefix("Loading… ") == true)
        _ = update(&state, .sourceItems(key, [.object(["name": "Ada"]), .object(["name": "Grace"])]))
        #expect(selectedTitle(state) == "Ada")
        _ = update(&state, .sourceFinished(key, .done(next: .unspecified)))
        #expect(selectedTitle(state) == "Ada")
        // Enter now opens what the cursor shows, not an unrelated row above.
        #expect(press(.enter, on: &state) == [.emit(["Ada"])])
    }

    @Test func aRetryThatFailsAgainLeavesTheCursorOnTheFailure() throws {
        var state = try failed()
        press(.char("r"), on: &state)
        #expect(selectedTitle(state)?.hasPrefix("Loading… ") == true)
        _ = update(&state, .sourceFinished(SourceKey(screen: 0, section: 2, generation: 1), .failed("exit status 2")))
        #expect(selectedTitle(state) == "⚠ exit status 2")
    }

    @Test func refreshingOnTheFailureRowKeepsTheCursorThereHoweverTheAnswerIsSplit() throws {
        for split in [1, 2] {
            var state = try failed()
            press(.char("r"), on: &state)
            let key = SourceKey(screen: 0, section: 2, generation: 1)
            let people: [JSONValue] = [.object(["name": "Ada"]), .object(["name": "Grace"]), .object(["name": "Alan"])]
            _ = update(&state, .sourceItems(key, Array(people.prefix(split))))
            _ = update(&state, .sourceItems(key, Array(people.dropFirst(split))))
            #expect(selectedTitle(state) == "Ada", "first batch of \(split)")
        }
    }

    @Test func theStatusRowIsKnownWithoutBuildingIt() {
        let live = LiveSource(source: SourceSpec(origin: .command(["x"])), template: Row(title: "{{item}}"))
        for phase: LiveFeed.Phase in [.loading, .loaded, .failed("no"), .refused("off")] {
            for holds in [false, true] {
                for empty in [true, false] {
                    var feed = LiveFeed(live)
                    feed.phase = phase
                    feed.holdsCursor = holds
                    if !empty { feed.items.append([.string("a")]) }
                    #expect(feed.hasStatusRow == (feed.statusRow != nil))
                    #expect(!feed.hasStatusRow || feed.statusRowIsEnabled == feed.statusRow?.enabled)
                }
            }
        }
    }

    @Test func noExecOffersNoRetryAndEnterDoesNothing() throws {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/feeds/main.json"),
                             size: Size(width: 70, height: 14), options: AppOptions(allowExec: false))
        #expect(update(&state, .start).isEmpty)
        let lines = screen(state)
        #expect(lines.contains("   ⚠ running commands is turned off (--no-exec): ./feed.sh"))
        #expect(!lines.joined().contains("retry"))
        press(.end, on: &state)
        #expect(selectedTitle(state) == "About")  // the refusal cannot take the cursor
        #expect(!press(.char("r"), on: &state).contains { if case .startSource = $0 { true } else { false } })
    }
}

@Suite struct ConfirmationRowTests {
    @Test func yNeverRunsTheActionForARowThatArrivedInItsPlace() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"sections": [
              {"source": {"command": ["./feed.sh"], "format": "jsonl"}, "as": "it", "row": {"title": "{{it}}"}},
              {"rows": [{"title": "Fixed", "action": {"type": "emit", "confirm": "Emit it?"}}]}]}
            """#.utf8), file: "/c/main.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 10))
        let key = SourceKey(screen: 0, section: 0, generation: 0)
        _ = update(&state, .start)
        _ = update(&state, .sourceItems(key, [.string("A")]))
        press(.end, .enter, on: &state)
        #expect(screen(state).last == " Emit it? (y/N)")
        _ = update(&state, .sourceItems(key, [.string("B")]))  // arrives above while asking
        #expect(press(.char("y"), on: &state).isEmpty)
        #expect(screen(state).last == " cancelled: the rows changed while asking")
    }
}
