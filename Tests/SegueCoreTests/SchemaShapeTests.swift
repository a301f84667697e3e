import Testing
@testable import SegueCore
@testable import SegueSpec

/// A value of several shapes (issue 45: `runs-on`, `on`, GitLab's `stage`): a row for each shape,
/// the one the value has shown, and `S` (the `reshape` action) changing it, asking before a value
/// is dropped.
@Suite struct SchemaShapeTests {
    static let shapes: [JSONValue] = ["", .array([]), .object([:])]

    func outcome(_ value: JSONValue?, drops: Bool = false) -> SettingChange.Outcome {
        let settings = Settings(path: nil, values: .object(value.map { ["runs-on": $0] } ?? [:]))
        return SettingChange.reshape(setting: "/runs-on", shapes: Self.shapes, drops: drops).outcome(in: settings)
    }

    func set(_ outcome: SettingChange.Outcome) -> JSONValue?? {
        if case .set(let (_, value), _) = outcome { return .some(value) }
        return nil
    }

    @Test func textBecomesAListOfItAndBackAndWhatCannotBeKeptIsAskedAbout() throws {
        #expect(set(outcome("ubuntu")) == .some(.array(["ubuntu"])))
        // A list of one text going to an object drops it: asked first, then done when asked already.
        guard case .asks(let question, let then) = outcome(.array(["ubuntu"])) else { Issue.record("not asked"); return }
        #expect(question == #"runs-on holds ["ubuntu"]: drop it to make it an object?"#)
        #expect(then == .reshape(setting: "/runs-on", shapes: Self.shapes, drops: true))
        #expect(set(outcome(.array(["ubuntu"]), drops: true)) == .some(.object([:])))
        // An object goes round to text: an empty one with no question.
        #expect(set(outcome(.object([:]))) == .some(""))
        guard case .asks(let dropping, _) = outcome(.object(["group": "large"])) else { Issue.record("not asked"); return }
        #expect(dropping == #"runs-on holds {"group":"large"}: drop it to make it text?"#)
        // Unset counts as the first shape; a list of one value goes back to that value.
        #expect(set(outcome(nil)) == .some(.array([])))
        let back = SettingChange.reshape(setting: "/s", shapes: [.array([]), ""]).outcome(in: Settings(path: nil, values: .object(["s": .array(["build"])])))
        #expect(set(back) == .some("build"))
    }

    @Test func itIsReadFromJSONAndSaysWhatItNeeds() throws {
        let action = try RowAction.decode(.object(["type": "reshape", "setting": "/a", "shapes": .array(["", .array([])])]), path: "a", names: []).get()
        #expect(action.kind == .changeSetting(.reshape(setting: "/a", shapes: ["", .array([])])))
        let one = RowAction.decode(.object(["type": "reshape", "setting": "/a", "shapes": .array([""])]), path: "a", names: [])
        guard case .failure(let problem) = one else { Issue.record("one shape taken"); return }
        #expect("\(problem)".contains("shapes"))
    }

    @Test func shapeNamesWhatAValueIs() {
        let context = DataContext(layers: [.object(["a": "x", "b": .array([]), "c": .object([:]), "d": 1, "e": true, "f": .null])])
        let shapes = ["a", "b", "c", "d", "e", "f", "g"].map { Template("{{shape(\($0))}}").render(in: context) }
        #expect(shapes == ["text", "list", "object", "number", "boolean", "", ""])
    }

    /// A hidden shape's row is no warning: `pool`, an object, is not "an object where text is expected".
    @Test func theRowsOfShapesAValueHasNotAreNoWarnings() throws {
        let form = try RealSchemas.form("azure-pipelines")
        let loader = SpecLoader(files: MadeSpecs(form, over: NoFiles()))
        let state = AppState(root: try loader.load(path: form.first), size: Size(width: 80, height: 24),
                             settings: Settings(path: nil, values: .object(["pool": .object(["vmImage": "ubuntu-latest"])])))
        let warnings = BindingWarnings.check(state.current)
        #expect(!warnings.contains { $0.contains("pool") }, "\(warnings)")
    }

    /// GitHub's `runs-on` on a job's screen (a member of the `jobs` map): text, then a list, then
    /// an object, the cursor staying on the row, which shows the shape.
    @Test func runsOnChangesShapeOnAJobsScreenTheCursorFollowing() throws {
        let form = try RealSchemas.form("github-workflows")
        let loader = SpecLoader(files: MadeSpecs(form, over: NoFiles()))
        var state = AppState(root: try loader.load(path: form.first), size: Size(width: 80, height: 24),
                             settings: Settings(path: nil, values: .object(["on": "push", "jobs": .object(["build": .object(["runs-on": "ubuntu-latest"])])])))
        func go(_ keys: Key...) throws {
            for key in keys {
                for effect in press(key, on: &state) {
                    guard case .loadSpec(let path) = effect else { continue }
                    _ = update(&state, .specLoaded(path: path, .success(try loader.load(path: path))))
                }
            }
        }
        func select(_ title: String) throws {
            try go(.char("/"))
            for character in "^" + title { try go(.char(character)) }
            try go(.escape)
        }
        try select("jobs")
        try go(.enter, .enter)
        try select("runs-on")
        #expect(screen(state).contains { $0.hasPrefix(" > runs-on") && $0.hasSuffix("ubuntu-latest") })
        try go(.char("S"))
        #expect(state.settings.value(for: "/jobs/build/runs-on") == .array(["ubuntu-latest"]))
        #expect(screen(state).contains { $0.hasPrefix(" > runs-on") && $0.hasSuffix("list ›") })
        try go(.char("S"), .char("y"))
        #expect(state.settings.value(for: "/jobs/build/runs-on") == .object([:]))
        #expect(screen(state).contains { $0.hasPrefix(" > runs-on") && $0.hasSuffix("2 settings ›") })
        // The counter counts the rows shown, not the shapes hidden.
        #expect(screen(state)[0].hasSuffix("/21"), "\(screen(state)[0])")
    }
}
