@testable import SegueCore
import SegueFiles
import Testing

/// Lists in the settings edited in place (issue 29): `append`, `remove` and `move` actions, rows
/// generated from `settings.…` following each change, and a generated row naming its own item by
/// `{{loop.index}}`.
@Suite struct ListSettingTests {
    func app(_ text: String, settings: JSONValue = .object([:])) throws -> AppState {
        AppState(root: try loadSpec(text, file: "/specs/main.json"), size: Size(width: 60, height: 10),
                 settings: Settings(path: "/specs/settings.json", values: settings))
    }

    static let servers = #"""
        {"sections": [
          {"forEach": "settings.servers", "as": "server",
           "row": {"title": "{{loop.number}}/{{loop.count}} {{server.host}}", "detail": "at {{loop.index}}",
                   "actions": [
                     {"key": "K", "title": "Move up", "action": {"type": "move", "setting": "/servers/{{loop.index}}", "by": -1}},
                     {"key": "J", "title": "Move down", "action": {"type": "move", "setting": "/servers/{{loop.index}}", "by": 1}},
                     {"key": "d", "title": "Remove", "action": {"type": "remove", "setting": "/servers/{{loop.index}}"}}]}},
          {"rows": [{"title": "Add", "action": {"type": "append", "setting": "/servers", "value": {"host": "{{settings.next | new}}", "port": 22}}}]}
        ]}
        """#

    static let three: JSONValue = .object(["servers": .array([.object(["host": "a"]), .object(["host": "b"]), .object(["host": "c"])])])

    func hosts(_ state: AppState) -> [String] {
        state.settings.values.member("servers")?.arrayValue?.map { $0.member("host")?.stringValue ?? "?" } ?? []
    }

    @Test func aGeneratedRowSeesItsPositionAsLoop() throws {
        let state = try app(Self.servers, settings: Self.three)
        #expect(screen(state).contains { $0.contains("2/3 b") && $0.contains("at 1") })
    }

    @Test func appendAddsTheValueWithItsTypesAndTheRowsFollowAtOnce() throws {
        var state = try app(Self.servers, settings: Self.three)
        state.stack[0].select(3, in: state.listViewport)
        let effects = press(.enter, on: &state)
        #expect(hosts(state) == ["a", "b", "c", "new"])
        #expect(state.settings.values.member("servers")?.arrayValue?.last?.member("port") == .number("22"))
        #expect(effects.contains { if case .saveSettings = $0 { true } else { false } })
        #expect(screen(state).contains { $0.contains("4/4 new") })
        // The cursor stays where it was: on the new item, which took the place of the Add row.
        #expect(state.current.row(3).title == "4/4 new")
    }

    @Test func appendMakesAnUnsetListAndRefusesOneThatIsNotAList() throws {
        var state = try app(Self.servers)
        press(.enter, on: &state)
        #expect(hosts(state) == ["new"])
        var other = try app(Self.servers, settings: .object(["servers": "x"]))
        press(.enter, on: &other)
        #expect(other.status?.text.contains("cannot add to settings.servers: it holds \"x\", not a list") == true)
    }

    @Test func moveTakesTheCursorWithTheItemAndStopsAtTheEnds() throws {
        var state = try app(Self.servers, settings: Self.three)
        press(.char("J"), on: &state)
        #expect(hosts(state) == ["b", "a", "c"])
        #expect(state.current.selection == 1)
        press(.char("J"), on: &state)
        press(.char("J"), on: &state)
        #expect(hosts(state) == ["b", "c", "a"])
        #expect(state.status?.text == "already the last")
        press(.char("K"), on: &state)
        #expect(hosts(state) == ["b", "a", "c"])
        #expect(state.current.selection == 1)
    }

    @Test func removeTakesTheItemAwayAndTheCursorStaysInTheList() throws {
        var state = try app(Self.servers, settings: Self.three)
        state.stack[0].select(2, in: state.listViewport)
        press(.char("d"), on: &state)
        #expect(hosts(state) == ["a", "b"])
        #expect(state.current.row(state.current.selection ?? 0).title == "Add")
        state.stack[0].select(0, in: state.listViewport)
        press(.char("d"), on: &state)
        press(.char("d"), on: &state)
        #expect(hosts(state) == [])
        #expect(state.current.rowCount == 1)
    }

    @Test func removeTakesAnObjectsMemberOrATopLevelSettingAway() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Forget the font", "action": {"type": "remove", "setting": "/editor/font"}},
              {"title": "Forget the theme", "action": {"type": "remove", "setting": "theme"}}
            ]}]}
            """#, settings: .object(["editor": .object(["font": "Mono", "size": 12]), "theme": "Dark"]))
        press(.enter, on: &state)
        #expect(state.settings.values.member("editor") == .object(["size": 12]))
        state.stack[0].select(1, in: state.listViewport)
        press(.enter, on: &state)
        #expect(state.settings.values.member("theme") == nil)
        press(.enter, on: &state)
        #expect(state.status?.text == "settings.theme is not set")
    }

    @Test func theActionsAreCheckedWhenTheSpecLoads() throws {
        func problem(_ action: String) -> String {
            do {
                _ = try loadSpec(#"{"sections": [{"rows": [{"title": "x", "action": \#(action)}]}]}"#, file: "/specs/main.json")
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(problem(#"{"type": "append", "setting": "/servers"}"#).contains("action.value: expected the \"value\" to add to the list"))
        #expect(problem(#"{"type": "move", "setting": "/servers/0", "by": 0}"#).contains("action.by: expected \"by\": a whole number"))
        #expect(problem(#"{"type": "remove"}"#).contains("action.setting: expected the \"setting\" to change"))
    }

    @Test func marksStayWhenASettingTheListDoesNotHoldChanges() throws {
        let spec = try loadSpec(#"""
            {"sections": [{"forEach": "settings.servers", "row": {"title": "{{item.host}}"}},
                          {"rows": [{"cell": "toggle", "title": "Fast", "setting": "fast"}]}]}
            """#, file: "/specs/main.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 10), settings: Settings(path: nil, values: Self.three),
                             options: AppOptions(multiSelect: true))
        press(.char(" "), on: &state)
        #expect(state.current.marks == [0])
        state.settings.set("fast", to: .bool(true))
        #expect(state.current.marks == [0])
        state.settings.set("/servers/1/host", to: "z")
        #expect(state.current.marks.isEmpty)
        #expect(screen(state).contains { $0.contains("z") })
    }

    @Test func anItemTakenAwayByItsPointerSetsTheListWhole() throws {
        var settings = Settings(path: nil, values: .object(["ports": .array([8080, 8081, 9090])]))
        settings.remove("/ports/1")
        #expect(settings.values.member("ports") == .array([8080, 9090]))
        #expect(settings.changedNames == ["/ports"])
        settings.set("/ports/0", to: nil)
        #expect(settings.values.member("ports") == .array([9090]))
        #expect(settings.changedNames == ["/ports"])
    }

    @Test func aNestedChangeThenTheListSetWholeSavesNoItemTwice() throws {
        var settings = Settings(path: nil, values: Self.three)
        settings.set("/servers/2/host", to: "z")
        settings.set("/servers", to: .array([.object(["host": "a"])]))
        #expect(settings.changedNames == ["/servers"])
    }

    /// On a screen that saves on `save`, an item removed holds the list, so `save` writes it and
    /// `discard` puts the item back where it was.
    @Test func aRemovedItemOnAScreenThatSavesOnSaveIsSavedOrPutBackWhole() throws {
        let held = Self.servers.replacingOccurrences(of: #"{"sections": ["#, with: #"{"saveSettings": "onSave", "sections": ["#)
            .replacingOccurrences(of: #"{"rows": [{"title": "Add""#, with: #"{"rows": [{"title": "Save", "action": "save"}, {"title": "Discard", "action": "discard"}, {"title": "Add""#)
        var state = try app(held, settings: Self.three)
        state.stack[0].select(1, in: state.listViewport)
        #expect(press(.char("d"), on: &state) == [])
        #expect(hosts(state) == ["a", "c"])
        state.stack[0].select(2, in: state.listViewport)
        let effects = press(.enter, on: &state)
        #expect(effects.contains { if case .saveSettings(let saved) = $0 { saved.changedNames == ["/servers"] } else { false } })
        #expect(state.settings.heldNames.isEmpty)

        var other = try app(held, settings: Self.three)
        other.stack[0].select(1, in: other.listViewport)
        press(.char("d"), on: &other)
        other.stack[0].select(3, in: other.listViewport)
        press(.enter, on: &other)
        #expect(hosts(other) == ["a", "b", "c"])
        #expect(other.settings.heldNames.isEmpty && other.settings.changedNames.isEmpty)
    }

    @Test func takingAwayWhatIsNotThereChangesNothing() throws {
        var settings = Settings(path: nil, values: .object(["a": 1]))
        settings.remove("/editor/font/size")
        settings.remove("/list/3")
        #expect(settings.values == .object(["a": 1]))
        #expect(settings.changedNames.isEmpty)
        var value = JSONValue.object(["a": 1])
        value.setSetting("/b/c", to: nil)
        #expect(value == .object(["a": 1]))
    }
}

/// What a save edits in a file when a list is set whole (`ListEdit`).
@Suite struct ListEditTests {
    @Test func theChangesAListScreenMakesAreToldApartAndAnyOtherIsWrittenAnew() {
        let a: JSONValue = "a", b: JSONValue = "b", c: JSONValue = "c"
        #expect(ListEdit.between([a, b], [a, b, c]) == .appended(c))
        #expect(ListEdit.between([a, b, c], [a, c]) == .removed(1))
        #expect(ListEdit.between([a, b, c], [a, b]) == .removed(2))
        #expect(ListEdit.between([a, a, b], [a, b]) == .removed(1))
        #expect(ListEdit.between([a, b, c], [a, c, b]) == .swapped(1))
        #expect(ListEdit.between([a, b, c], [c, b, a]) == .changed([0, 2]))
        #expect(ListEdit.between([a, b, c], [a, "x", c]) == .changed([1]))
        #expect(ListEdit.between([a, b, c], [c, a]) == nil)
        #expect(ListEdit.between([a, b], [c, a, b]) == nil)
        #expect(ListEdit.between([a], [a]) == nil)
        #expect(SettingName.outermost(["/a/b", "/a", "/ab", "c", "/a/b/c"]) == ["/a", "/ab", "c"])
    }
}
