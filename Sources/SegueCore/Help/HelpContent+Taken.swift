/// What `?` says about keys an explicit binding took (a `--bind`, a spec's or the user's
/// `"keys"`, the selected row's actions): Segue's keys and the find line's lose them to it, as
/// in fzf, and the help says what each became and whether another key still does its old job.
extension HelpContent {
    /// The keys that type nothing bound explicitly on this screen, with what they do now.
    static func takenKeys(_ state: AppState) -> [Key: String] {
        var taken: [Key: String] = [:]
        let screen = state.current
        for (trigger, actions) in state.bindings.actions where !state.unboundTriggers.contains(trigger) {
            guard case .key(let key) = trigger else { continue }
            taken[key] = actions.map(\.written).joined(separator: "+")
        }
        if let bound = screen.selectedBoundRow {
            for extra in ExtraAction.of(bound.row).reversed() {
                guard let key = extra.key, taken[key] == nil else { continue }
                if case .char = key { continue }
                taken[key] = "the row's \"\(extra.title)\""
            }
        }
        if screen.find != nil {
            for key in screen.keymap.explicitKeys where taken[key] == nil {
                if case .char = key { continue }
                guard let binding = screen.keymap.bindings.first(where: { $0.keys.contains(key) }) else { continue }
                taken[key] = binding.help
            }
        }
        return taken.mapValues(TextFitting.sanitize)
    }

    /// The find line's own keys that are not the line editor's, with what they do there.
    private static let findLineOwnKeys: [Key: String] = [
        .ctrl("p"): "an older past query", .ctrl("n"): "a newer past query", .ctrl("r"): "reload the live sections",
    ]

    /// For the find line's section: each of its keys a binding took, what it does now, and
    /// whether another key still does what it did (`Ctrl-E  now reload(ls); move to the end:
    /// End`), or that it is gone from the line.
    static func takenFindLineKeys(_ taken: [Key: String], bindings: KeyBindings) -> [Line] {
        let own = LineEditor.editingKeys.merging(findLineOwnKeys) { first, _ in first }
        // A key bound to a line edit by its fzf name (`alt-k:kill-line`) does that job too.
        var boundJobs: [String: [String]] = [:]
        for (trigger, actions) in bindings.actions {
            guard case .key(let bound) = trigger else { continue }
            for case .edit(let edit, _) in actions { if let job = LineEditor.editingKeys[edit] { boundJobs[job, default: []].append(bound.label) } }
        }
        return own.keys.filter { taken[$0] != nil }.sorted { $0.label < $1.label }.map { key in
            let job = own[key] ?? ""
            let others = (LineEditor.editingKeys.filter { $0.value == job && $0.key != key && taken[$0.key] == nil }.map(\.key.label)
                + (boundJobs[job] ?? [])).sorted()
            let still = others.isEmpty ? "gone from the find line" : "still " + others.joined(separator: ", ")
            return .entry(key.label, "now \(taken[key] ?? ""); \(job): \(still)")
        }
    }

    /// A keymap binding's keys without those taken: `nil` when none is left.
    static func keyLabels(of binding: Keymap.Binding, without taken: [Key: String]) -> String? {
        let left = binding.keys.filter { taken[$0] == nil }
        return left.isEmpty ? nil : left.map(\.label).joined(separator: ", ")
    }
}
