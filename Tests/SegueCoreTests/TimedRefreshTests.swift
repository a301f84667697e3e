import Testing
@testable import SegueCore
import SegueFiles

/// `"every"`: a live section loads again every N seconds while its screen is shown, quietly, the
/// selection kept by `id`, never over a running load.
@Suite struct TimedRefreshTests {
    let spec = #"""
        {"title": "Processes", "sections": [
          {"header": "Top", "source": {"command": ["./top.sh"], "format": "jsonl", "every": 2},
           "as": "p", "row": {"title": "{{p.name}}", "id": "{{p.pid}}"}},
          {"rows": [{"title": "Details", "segue": "details.json"}]}]}
        """#

    func processes(_ names: String...) -> [JSONValue] {
        names.map { .object(["pid": .string($0), "name": .string($0)]) }
    }

    func refreshTimers(_ effects: [Effect]) -> [(TimerKey, Double)] {
        effects.compactMap {
            if case .startTimer(let key, let seconds) = $0, case .refresh = key.purpose { return (key, seconds) } else { return nil }
        }
    }

    func loads(_ effects: [Effect]) -> [SourceRequest] {
        effects.compactMap { if case .startSource(let request) = $0 { return request } else { return nil } }
    }

    func loaded() throws -> (AppState, TimerKey) {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/t/main.json"),
                             size: Size(width: 40, height: 12))
        let first = try #require(loads(update(&state, .start)).first)
        _ = update(&state, .sourceItems(first.key, processes("init", "sshd", "swift")))
        let timers = refreshTimers(update(&state, .sourceFinished(first.key, .done(next: .unspecified))))
        let timer = try #require(timers.first)
        #expect(timer.0.purpose == .refresh(section: 0) && timer.1 == 2)
        return (state, timer.0)
    }

    @Test func theSectionLoadsAgainQuietlyKeepingTheSelection() throws {
        var (state, timer) = try loaded()
        press(.down, on: &state)
        #expect(selectedTitle(state) == "sshd")
        let effects = update(&state, .timerFired(timer))
        let request = try #require(loads(effects).first)
        #expect(request.key.generation == timer.generation + 1)
        // The old rows stay, with no "Loading…" row under them.
        #expect(!screen(state).joined().contains("Loading"))
        #expect(screen(state)[2...4] == ["   init", " > sshd", "   swift"])
        _ = update(&state, .sourceItems(request.key, processes("bash", "init", "sshd")))
        let next = refreshTimers(update(&state, .sourceFinished(request.key, .done(next: .unspecified))))
        #expect(selectedTitle(state) == "sshd")  // by id, though it moved
        #expect(next.count == 1)  // and again in 2 s
    }

    @Test func aRefreshByHandOrALoadUnderWayComesFirst() throws {
        var (state, timer) = try loaded()
        let manual = try #require(loads(press(.char("r"), on: &state)).first)
        // The timer armed before `r` is stale.
        #expect(update(&state, .timerFired(timer)).isEmpty)
        // `r`'s load is still running when its own timer is due: it waits another interval.
        let later = TimerKey(screen: timer.screen, generation: manual.key.generation, purpose: timer.purpose)
        #expect(update(&state, .timerFired(later)) == [.startTimer(later, seconds: 2)])
    }

    @Test func aHiddenScreenWaitsAndCountsAgainWhenShown() throws {
        var (state, timer) = try loaded()
        press(.char("G"), .enter, on: &state)  // Details: a spec load the world answers
        _ = update(&state, .specLoaded(path: "/t/details.json", .success(Spec(title: "Details", sections: []))))
        #expect(update(&state, .timerFired(timer)).isEmpty)
        let back = press(.escape, on: &state)
        #expect(refreshTimers(back).map(\.0.purpose) == [.refresh(section: 0)])
    }

    @Test func backToTheFirstScreenCountsAgainToo() throws {
        var (state, _) = try loaded()
        press(.char("G"), .enter, on: &state)
        let root = #"{"sections": [{"rows": [{"title": "Home", "action": "root"}]}]}"#
        _ = update(&state, .specLoaded(path: "/t/details.json", .success(try SpecLoader(disk: nil).parse(bytes: Array(root.utf8), file: "/t/details.json"))))
        #expect(refreshTimers(press(.enter, on: &state)).map(\.0.purpose) == [.refresh(section: 0)])
    }

    @Test func everyIsCheckedWhenTheSpecLoads() {
        func problem(_ source: String) -> String {
            let text = #"{"sections": [{"source": "# + source + #"}]}"#
            do { _ = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/t/x.json"); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem(#"{"command": ["ls"], "every": 0.1}"#).contains("sections[0].source.every: expected a number of seconds of at least 0.5, found 0.1"))
        #expect(problem(#"{"command": ["ls"], "every": "2"}"#).contains("source.every: expected a number of seconds"))
        #expect(problem(#"{"command": ["ls"], "every": 2}"#) == "loaded")
    }
}
