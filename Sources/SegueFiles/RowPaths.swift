import SegueCore

/// `segue do TREE --list`: every row `segue do` can reach, by the path it takes (ids, else
/// titles, joined by `/`), with what Enter on it does. Screens are followed through every place
/// a row opens one (its segue, its action's or its cell type's, a `then`'s), under every row
/// that opens it but not inside itself (a `back` row replacing the screen by its parent);
/// rows are bound as the first screen would show them, hidden ones too (what hides them may be
/// known only once the screen runs its `onOpen`), each path once.
package enum RowPaths {
    package struct Entry: Equatable, Sendable {
        package var path: String
        package var action: String
    }

    /// Screens looked at, at most: a generated tree is listed in bounded time.
    static let screenLimit = 1_000

    package static func list(root: Spec, loader: SpecLoader, settings: Settings, environment: [String: String]) -> [Entry] {
        var entries: [Entry] = []
        var queue: [(spec: Spec, prefix: String, above: Set<String>)] = [(root, "", [root.path.map(DiskFiles.specFile) ?? ""])]
        var loaded: [String: Spec] = [:]
        var listed: Set<String> = []
        var screens = 0
        while !queue.isEmpty, screens < screenLimit {
            let (spec, prefix, above) = queue.removeFirst()
            screens += 1
            let state = AppState(root: spec, size: Size(width: 100, height: 60), settings: settings, environment: environment)
            let screen = state.current
            for index in 0..<min(screen.rowCount, SpecCheck.rowLimit) {
                let bound = screen.boundRow(index)
                let name = bound.row.id.map(Template.text) ?? bound.row.title
                // `do` splits a path at `/`: a name holding one cannot be reached.
                guard !name.isEmpty, !name.contains("/"), bound.row.enabled,
                      bound.row.segue != nil || bound.row.action != nil || bound.row.setting != nil else { continue }
                let path = prefix + name
                guard listed.insert(path).inserted else { continue }
                let action = bound.row.segue.map { RowAction(.segue($0)) } ?? bound.row.action
                entries.append(Entry(path: path, action: describe(action, bound: bound)))
                for target in action?.screensOpened ?? [] where target.built == nil && target.command == nil && !target.spec.contains("{{") {
                    let file = DiskFiles.specFile(SpecPath.resolve(target.spec, relativeTo: spec.path))
                    guard !above.contains(file), let next = loaded[file] ?? (try? loader.load(path: file)) else { continue }
                    loaded[file] = next
                    queue.append((next, path + "/", above.union([file])))
                }
            }
        }
        return entries
    }

    /// What Enter does, in a few words: `segue network.json`, `exec systemctl enable ssh`,
    /// `toggle ssh`, `if`.
    static func describe(_ action: RowAction?, bound: BoundRow) -> String {
        let kind = bound.style.rawValue
        guard let action else { return bound.row.setting.map { "\(kind) \($0)" } ?? kind }
        switch action.kind {
        case .segue(let target), .replace(let target):
            let word = action.kind.isReplace ? "replace" : "segue"
            return target.command.map { "\(word) made by \(ExecCommand(arguments: $0).display(characters: 60))" } ?? "\(word) \(target.spec)"
        case .exec(let command): return "exec " + command.display(characters: 60)
        case .become(let command): return "become " + command.display(characters: 60)
        default: return action.json.member("type")?.stringValue ?? "action"
        }
    }
}
