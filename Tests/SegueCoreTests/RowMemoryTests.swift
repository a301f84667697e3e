@testable import SegueCore
import SegueFiles
import Testing

/// Launchers that remember (issue 28): frecency with a fixed clock, and screens that open where
/// they were left.
@Suite struct RowMemoryTests {
    let day = 86_400.0
    let now = 1_800_000_000.0

    @Test func aChoiceTodayOutranksManyAYearAgoAndScoresHalveEachHalfLife() throws {
        var memory = RowMemory()
        for index in 0..<30 { memory.apply(.chose(screen: "s", row: "old", at: now - 365 * day + Double(index), halfLife: 7)) }
        memory.apply(.chose(screen: "s", row: "new", at: now, halfLife: 7))
        #expect(memory.score(of: "new", on: "s", now: now, halfLife: 7) > memory.score(of: "old", on: "s", now: now, halfLife: 7))
        let week = memory.score(of: "new", on: "s", now: now + 7 * day, halfLife: 7)
        #expect(abs(week - 0.5) < 1e-9)
        #expect(abs(memory.score(of: "new", on: "s", now: now + 14 * day, halfLife: 7) - 0.25) < 1e-9)
        // Two choices a week apart: the first counts half by the second.
        memory.apply(.chose(screen: "s", row: "new", at: now + 7 * day, halfLife: 7))
        #expect(abs(memory.score(of: "new", on: "s", now: now + 7 * day, halfLife: 7) - 1.5) < 1e-9)
        // What the file keeps reads back the same.
        #expect(try RowMemory(stateFile: Array((memory.json.prettyPrinted() + "\n").utf8)) == memory)
    }

    @Test func theLeastUsedRowsGoFirstBeyondTheLimit() {
        var memory = RowMemory()
        for index in 0...RowMemory.rowsKept {
            memory.apply(.chose(screen: "s", row: "row \(index)", at: now + Double(index), halfLife: 7))
        }
        #expect(memory.uses["s"]?.count == RowMemory.rowsKept)
        #expect(memory.uses["s"]?["row 0"] == nil)
    }

    func launcher(_ memory: RowMemory, text: String = #"""
        {"sort": "frecency", "sections": [{"rows": [
          {"title": "alpha", "action": "emit"}, {"title": "beta", "action": "emit"},
          {"title": "gamma", "id": "g", "action": "emit"}, {"title": "delta", "action": "emit"}]}]}
        """#) throws -> AppState {
        var options = AppOptions()
        options.rowMemory = memory
        options.rowMemoryFile = "/state/memory.json"
        options.now = now
        return AppState(root: try loadSpec(text, file: "/tools/main.json"), size: Size(width: 40, height: 8), options: options)
    }

    @Test func aFrecencyScreenOpensWithItsChosenRowsFirstAndAFindStillRanksByScore() throws {
        var memory = RowMemory()
        memory.apply(.chose(screen: "main.json", row: "beta", at: now - 30 * day, halfLife: 7))
        memory.apply(.chose(screen: "main.json", row: "g", at: now - day, halfLife: 7))
        var state = try launcher(memory)
        #expect(screen(state)[1...4] == [" > gamma", "   beta", "   alpha", "   delta"])
        // Choosing counts for next time, by id else title.
        let effects = press(.down, .down, .enter, on: &state)
        #expect(effects.contains(.remember(.chose(screen: "main.json", row: "alpha", at: now, halfLife: 7), file: "/state/memory.json")))
        #expect(effects.last == .emit(["alpha"]))
        // A query's best match comes first whatever was chosen; among equal matches (the same
        // length: a shorter match ranks first, as in fzf), frecency.
        var finding = try launcher(memory)
        press(.char("/"), .char("d"), .char("e"), .char("l"), on: &finding)
        #expect(selectedTitle(finding) == "delta")
        var ties = try launcher(memory, text: #"""
            {"sort": "frecency", "sections": [{"rows": [
              {"title": "item one", "action": "emit"}, {"title": "item two", "action": "emit"}, {"title": "item six", "id": "g", "action": "emit"}]}]}
            """#)
        press(.char("/"), .char("i"), .char("t"), .char("e"), .char("m"), on: &ties)
        #expect(selectedTitle(ties) == "item six")
    }

    @Test func aLiveSectionPutsItsChosenRowsFirstOnceAllHaveComeUnlessTheUserMoved() throws {
        var memory = RowMemory()
        memory.apply(.chose(screen: "main.json", row: "gamma", at: now - day, halfLife: 7))
        memory.apply(.chose(screen: "main.json", row: "b-id", at: now - 9 * day, halfLife: 7))
        let text = #"{"sort": "frecency", "sections": [{"source": {"command": ["hosts"], "format": "jsonl"}, "as": "h", "row": {"title": "{{h.title}}", "id": "{{h.id}}", "action": "emit"}}]}"#
        func loaded(moving: Bool) throws -> AppState {
            var state = try launcher(memory, text: text)
            guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
                Issue.record("no load")
                return state
            }
            var items = RawItems(kind: .json)
            for line in [#"{"title": "alpha"}"#, #"{"title": "beta", "id": "b-id"}"#, #"{"title": "gamma"}"#, #"{"title": "delta"}"#] {
                items.append(Array(line.utf8))
            }
            _ = update(&state, .sourceRawItems(request.key, items))
            if moving { press(.down, on: &state) }
            _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
            return state
        }
        #expect(screen(try loaded(moving: false))[1...4] == [" > gamma", "   beta", "   alpha", "   delta"])
        // Rows do not jump under a cursor the user has moved.
        #expect(screen(try loaded(moving: true))[1...4] == ["   alpha", " > beta", "   gamma", "   delta"])
    }

    @Test func generatedRowsMoveByFrecencyToo() throws {
        var memory = RowMemory()
        memory.apply(.chose(screen: "main.json", row: "c", at: now - day, halfLife: 7))
        let text = #"{"sort": "frecency", "data": {"hosts": ["a", "b", "c"]}, "sections": [{"forEach": "hosts", "as": "h", "row": {"title": "{{h}}", "action": "emit"}}]}"#
        #expect(screen(try launcher(memory, text: text))[1...3] == [" > c", "   a", "   b"])
    }

    @Test func aRowWithAnEmptyIDGoesByItsTitleReadFromTheBytesAsWhenBound() throws {
        var memory = RowMemory()
        memory.apply(.chose(screen: "main.json", row: "beta", at: now - day, halfLife: 7))
        let text = #"{"sort": "frecency", "sections": [{"rows": [{"title": "alpha", "id": "", "action": "emit"}, {"title": "beta", "id": "", "action": "emit"}]}]}"#
        #expect(screen(try launcher(memory, text: text))[1...2] == [" > beta", "   alpha"])
    }

    @Test func aChoiceDeclinedAtItsQuestionDoesNotCount() throws {
        var state = try launcher(RowMemory(), text: #"""
            {"sort": "frecency", "sections": [{"rows": [{"title": "Reboot", "action": {"type": "quit", "confirm": "Sure?"}}]}]}
            """#)
        #expect(press(.enter, .char("n"), on: &state).isEmpty)
        #expect(state.rowMemory?.uses.isEmpty == true)
        let effects = press(.enter, .char("y"), on: &state)
        #expect(effects.contains(.remember(.chose(screen: "main.json", row: "Reboot", at: now, halfLife: 7), file: "/state/memory.json")))
    }

    @Test func aRememberingScreenOpensWhereItWasLeft() throws {
        let text = #"{"remember": true, "sections": [{"rows": [{"title": "One"}, {"title": "Two"}, {"title": "Three", "id": "3"}]}]}"#
        var state = try launcher(RowMemory(), text: text)
        #expect(press(.down, .down, .char("q"), on: &state) == [.remember(.left(screen: "main.json", row: "3"), file: "/state/memory.json"), .quit(.success)])
        var memory = RowMemory()
        memory.apply(.left(screen: "main.json", row: "3"))
        #expect(selectedTitle(try launcher(memory, text: text)) == "Three")
        // A row that is gone leaves the first selected.
        memory.apply(.left(screen: "main.json", row: "Four"))
        #expect(selectedTitle(try launcher(memory, text: text)) == "One")
    }

    @Test func aRowLongerThanTheLimitIsNeitherChosenNorLeftOnForNextTime() throws {
        let long = String(repeating: "x", count: RowMemory.keyLimit + 1)
        var memory = RowMemory()
        memory.apply(.left(screen: "main.json", row: long))
        memory.apply(.chose(screen: "main.json", row: long, at: now, halfLife: 7))
        #expect(memory == RowMemory())
        let text = #"{"remember": true, "sort": "frecency", "sections": [{"rows": [{"title": "\#(long)", "action": "emit"}]}]}"#
        var state = try launcher(RowMemory(), text: text)
        let remembers = { (effects: [Effect]) in effects.contains { if case .remember = $0 { true } else { false } } }
        #expect(!remembers(press(.enter, on: &state)))
        state = try launcher(RowMemory(), text: text)
        #expect(!remembers(press(.char("q"), on: &state)))
        // A short one still is: the test above is not empty for want of a row.
        state = try launcher(RowMemory(), text: text.replacing(long, with: "short"))
        #expect(remembers(press(.enter, on: &state)))
    }
}
