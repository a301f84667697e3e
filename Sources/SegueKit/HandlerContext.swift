/// What a handler sees and can do: the row it ran for, and actions that the app carries out once
/// the handler returns (navigate, show a message, emit, quit) — the same actions rows run.
///
/// A handler running as a task may call these from any thread; `Task.isCancelled` tells it the
/// user pressed Esc (what it asks for after that is dropped).
///
/// ```swift
/// handlers.register("open") { context in
///     guard let id = context.row["id"]?.stringValue else { return context.show("no id", isError: true) }
///     context.push(detailScreen(id: id))
/// }
/// ```
public final class HandlerContext: Sendable {
    /// The row's bound attributes: its title, detail and every data key, as the spec wrote them:
    /// `context.row["analytics"]?.stringValue`.
    public let row: [String: JSONValue]
    private let asked = Locked<[RowAction]>([])
    private let registry: HandlerRegistry
    /// The running app, for a handler run as a task; `nil` for one that is not.
    private let link: HandlerLink?

    init(row: [String: JSONValue], registry: HandlerRegistry, link: HandlerLink? = nil) {
        self.row = row
        self.registry = registry
        self.link = link
    }

    /// Says how the work is going, at once, beside the spinner in the status line:
    /// `context.progress("[2/4] migrating…")`; with `fraction` (0…1), after a bar filled that
    /// far: `context.progress("tables", fraction: 0.5)` shows `[█████░░░░░] 50% tables`. A
    /// handler that is not `async` returns before the screen is drawn again, so its words show
    /// when it returns, as `show` would.
    public func progress(_ message: String, fraction: Double? = nil) {
        guard let link else { return show(message) }
        link.progress(message, fraction: fraction)
    }

    /// Asks yes or no in the status line while the handler runs, and waits for the answer:
    /// `guard await context.confirm("Deploy v2.4.6 to production?") else { return }`. y is yes,
    /// n (or any other key) no, Enter `defaultsToYes`. Esc stops the handler: the answer is then
    /// `false` and `Task.isCancelled` is true. `false` at once for a handler that is not `async`.
    public func confirm(_ question: String, defaultsToYes: Bool = false) async -> Bool {
        await link?.ask(.confirm(question, yesByDefault: defaultsToYes)) == .bool(true)
    }

    /// Asks for a line of text on the bottom line while the handler runs, and waits for it:
    /// `let tag = await context.input("Tag?", default: "v2.4.6")`. The text is checked by
    /// `rules` (an input row's: `InputRules(kind: .number, minimum: 1)`) before Enter takes it.
    /// `nil` when Esc stopped the handler (`Task.isCancelled` is then true), and at once for a
    /// handler that is not `async`.
    public func input(_ question: String, default defaultText: String? = nil, rules: InputRules = InputRules()) async -> String? {
        await link?.ask(.input(question, defaultText: defaultText, rules: rules))?.stringValue
    }

    /// What the handler asked for, in order.
    var actions: [RowAction] { asked.withLock { $0 } }

    private func ask(_ action: RowAction) { asked.withLock { $0.append(action) } }

    /// The row's title: `context.show("tapped \(context.title)")`.
    public var title: String { row["title"]?.stringValue ?? "" }

    /// For a row of a section fed by a Swift source: the item it was made from,
    /// `context.item?.member("email")?.stringValue`.
    public var item: JSONValue? { row[Self.itemKey] }

    /// Where a source row carries its item.
    static let itemKey = "segue.item"

    /// Pushes a screen built in code; its row closures and sources become callable:
    /// `context.push(settingsScreen())`.
    public func push(_ screen: ComposedScreen) {
        registry.adopt(screen)
        ask(RowAction(.segue(SegueTarget(built: screen.spec))))
    }

    /// Pushes a spec loaded from a file (or built as a `Spec`):
    /// `context.push(try SpecLoader(disk: nil).load(path: "help.json"))`.
    public func push(_ spec: Spec) {
        ask(RowAction(.segue(SegueTarget(built: spec))))
    }

    /// Swaps the current screen for `screen`, with no new back step: `context.replace(with: signedIn())`.
    public func replace(with screen: ComposedScreen) {
        registry.adopt(screen)
        ask(RowAction(.replace(SegueTarget(built: screen.spec))))
    }

    /// Runs any action a row could run (a segue to a spec file, exec, reload, root, …):
    /// `context.run(.root)`, `context.run(RowAction(.exec(ExecCommand(arguments: ["make"], wait: true))))`.
    public func run(_ action: RowAction) { ask(action) }

    /// Goes back one screen: `context.back()`.
    public func back() { ask(.back) }

    /// Shows a message in the status line: `context.show("saved")`, `context.show("offline", isError: true)`.
    public func show(_ message: String, isError: Bool = false) {
        ask(RowAction(.message(message, isError: isError)))
    }

    /// Ends the session with `value`, handed back as it is: `Segue.run(…, finishing:
    /// Release.self)` answers `.finished(release)`. A value of another type than the session
    /// finishes with is refused with a message in the status line, and the session goes on.
    public func finish(with value: some Sendable) {
        switch registry.keep(finished: value) {
        case .success(let number): ask(RowAction(.finish(number)))
        case .failure(let mismatch): show(mismatch.description, isError: true)
        }
    }

    /// Ends the session with `values` as lines of text (`.emitted`; the `segue` command prints
    /// them, one a line): `context.emit("apple")`. A Swift value goes back whole with
    /// `finish(with:)`.
    public func emit(_ values: String...) { ask(RowAction(.emit(values.joined(separator: "\n")))) }

    /// Ends the session with `status`: `context.quit(status: QuitStatus(3))`.
    public func quit(status: QuitStatus = .success) { ask(RowAction(.quit(status))) }
}
