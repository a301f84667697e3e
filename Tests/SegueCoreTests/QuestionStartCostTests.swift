import Testing
@testable import SegueCore

/// A one-shot question is a spec made in code: its start (the state, the first update, the first
/// frame) needs none of what loading a spec file does. The row kinds' key tables, read from every
/// key the spec schema declares, are the loader's: a question must not build them (docs/library.md,
/// "What it costs").
@Suite struct QuestionStartCostTests {
    /// Each question's spec with a catalog of its own, so what builds the tables is this test alone.
    private func startAndDraw(_ spec: Spec, options: AppOptions = AppOptions()) -> RowKindCatalog {
        let catalog = RowKindCatalog(RowKinds.all.map { kind -> any RowKindSpec in kind })
        var spec = spec
        spec.cells = CellLibrary(kinds: catalog)
        var options = options
        options.answersProgram = true
        var state = AppState(root: spec, size: Size(width: 80, height: 8), options: options)
        _ = update(&state, .start)
        _ = render(state, size: Size(width: 80, height: 8))
        return catalog
    }

    @Test func choosingStartsWithoutTheLoadersKeyTables() {
        let spec = ChooseQuestion.spec(choices: [("staging", "0"), ("production", "1")], header: "Deploy to")
        #expect(!startAndDraw(spec).hasBuiltKeyTables)
    }

    @Test func confirmingStartsWithoutTheLoadersKeyTables() {
        #expect(!startAndDraw(ConfirmQuestion.spec(question: "Deploy?")).hasBuiltKeyTables)
    }

    @Test func typingStartsWithoutTheLoadersKeyTables() throws {
        let made = try InputQuestion.make(.init(prompt: "Note: ", placeholder: "what changed")).get()
        var options = AppOptions()
        options.startAction = made.question
        #expect(!startAndDraw(made.spec, options: options).hasBuiltKeyTables)
    }

    /// The other side: loading a spec file builds them (so the checks above can fail).
    @Test func loadingASpecBuildsThem() throws {
        let catalog = RowKindCatalog(RowKinds.all.map { kind -> any RowKindSpec in kind })
        _ = try SpecLoader(kinds: catalog).parse(bytes: Array(#"{"sections": [{"rows": [{"title": "a"}]}]}"#.utf8), file: "a.json")
        #expect(catalog.hasBuiltKeyTables)
    }
}
