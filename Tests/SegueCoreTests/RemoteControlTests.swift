import Testing
@testable import SegueCore

/// `--listen`'s requests as state and events: `GET /` answered with what the screen shows under
/// fzf's names, `POST /` running an action list as a bound key would, its answer first.
@Suite struct RemoteControlTests {
    private func picker(_ lines: [String], listenUnsafe: Bool = false) throws -> AppState {
        var options = AppOptions(multiSelect: true)
        options.listenUnsafe = listenUnsafe
        return try AppState.piped(lines, options: options)
    }

    private func reply(_ effects: [Effect]) -> RemoteReply? {
        for case .replyRemote(_, let reply) in effects { return reply }
        return nil
    }

    @Test func aStateRequestIsAnsweredWithWhatTheScreenShows() throws {
        var state = try picker(["alpha", "beta", "gamma", "delta"])
        _ = update(&state, .remote(RemoteRequest(id: 1, kind: .actions(try BindParser.actions("change-query(a)+toggle+down+toggle")))))
        let effects = update(&state, .remote(RemoteRequest(id: 2, kind: .state(limit: 2, offset: 1))))
        let answer = try #require(reply(effects))
        #expect(effects.first == .replyRemote(2, answer), "the answer goes back on the request's connection")
        let body = try #require(reply(effects)?.body)
        // Compact, as fzf's: one line.
        #expect(body.hasSuffix("}\n") && !body.dropLast().contains("\n") && !body.contains("\": "))
        guard case .object(let json) = try JSONParser.parse(Array(body.utf8)) else { Issue.record("not an object: \(body)"); return }
        func member(_ value: JSONValue?, _ name: String) -> JSONValue? {
            if case .object(let members)? = value { return members[name] }
            return nil
        }
        #expect(json["query"] == .string("a"))
        #expect(json["matchCount"]?.doubleValue == 4 && json["totalCount"]?.doubleValue == 4)
        #expect(json["position"]?.doubleValue == 2)
        #expect(member(json["current"], "text") == .string("beta"))
        #expect(json["matches"] == .array([
            .object(["index": .number("1"), "text": .string("beta")]), .object(["index": .number("2"), "text": .string("gamma")]),
        ]), "at most `limit` matches, from `offset`")
        guard case .array(let selected)? = json["selected"] else { Issue.record("no selected rows"); return }
        #expect(selected.compactMap { member($0, "text")?.stringValue } == ["alpha", "beta"])
        #expect(reply(effects)?.status == 200)
    }

    @Test func actionsAreAnsweredFirstThenRunAsABoundKeysWould() throws {
        var state = try picker(["alpha", "beta"])
        let effects = update(&state, .remote(RemoteRequest(id: 7, kind: .actions(try BindParser.actions("down+accept")))))
        #expect(effects.first == .replyRemote(7, RemoteReply(status: 200, body: "")))
        let ends = effects.contains { $0.endsSession }
        #expect(ends, "accept ends the session after answering")
        #expect(state.current.selectedBoundRow?.row.title == "beta")
    }

    @Test func actionsThatRunACommandAreRefusedWithoutListenUnsafe() throws {
        var state = try picker(["alpha", "beta"])
        for list in ["execute(touch /tmp/x)", "down+reload(seq 3)", "execute-silent(rm -rf ~)", "become(sh)", "transform(echo accept)",
                     "bg-transform(echo up)", "change-preview(cat /etc/passwd)", "trigger(start)"] {
            let effects = update(&state, .remote(RemoteRequest(id: 3, kind: .actions(try BindParser.actions(list)))))
            #expect(effects.count == 1 && reply(effects)?.status == 403, "\(list): \(effects)")
            #expect(reply(effects)?.body.hasSuffix("runs a command: refused without --listen-unsafe\n") == true)
        }
        #expect(state.current.selection == 0, "nothing of a refused list ran")
        var unsafe = try picker(["alpha", "beta"], listenUnsafe: true)
        let effects = update(&unsafe, .remote(RemoteRequest(id: 4, kind: .actions(try BindParser.actions("down+reload(seq 3)")))))
        #expect(reply(effects)?.status == 200 && effects.contains { if case .startSource = $0 { true } else { false } })
    }

    @Test func anActionListAloneReadsAsAfterABindingsColon() throws {
        #expect(try BindParser.actions("reload(seq 3)+first") == [.reload("seq 3", sync: false), .first])
        do {
            _ = try BindParser.actions("first+bogus")
            Issue.record("an unknown action is read")
        } catch {
            #expect(error.message == "unknown action \"bogus\"" && error.column == 7 && error.text == "first+bogus", "\(error)")
        }
    }
}
