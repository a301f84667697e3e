#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// `segue check`: every spec reachable from the first one — through segues and replace actions
/// of its rows — loaded and checked, with every problem reported, not only the first: load
/// errors, links to files that do not exist (named by the row that links, at its line and
/// column), file sources that do not exist, and warnings (unknown keys, and the first spec's
/// templates). Links that are templates are listed as not checked.
package struct SpecCheck: Sendable {
    /// Problems that stop a spec from working, each `file:line:column: path: message`.
    package var errors: [String] = []
    /// Problems that change what a spec does without stopping it, each `file: path: message`.
    package var warnings: [String] = []
    /// Links that could not be followed (templates), each `file: path: "target"`.
    package var notChecked: [String] = []
    /// Specs read, and their rows.
    package var specs = 0
    package var rows = 0
    /// Every link followed: from a spec, by a row (its title), to a spec (files as reached).
    package var links: [(from: String, row: String, to: String)] = []
    /// Every spec reached, the first first.
    package var files: [String] = []

    /// Rows of one spec looked at for links: a generated million-row spec is checked in bounded time.
    static let rowLimit = 100_000

    /// Checks the spec at `path` (`first` when it was read already, as from standard input) and
    /// every spec it leads to. The first is checked with `environment` and `settings` as a
    /// first screen; the others without the data a segue would pass, so only their keys are.
    package static func run(path: String?, first: Spec? = nil, loader: SpecLoader, environment: [String: String],
                           settings: Settings) -> SpecCheck {
        var check = SpecCheck()
        var queue: [(path: String?, spec: Spec?)] = [(path.map(loader.files.specFile), first)]
        var seen = Set<String>(path.map { [loader.files.specFile($0)] } ?? [])
        while let (next, given) = queue.popLast() {
            let spec: Spec
            if let given {
                spec = given
            } else if let next {
                // The first is the one named on the command line, which may be a pipe.
                do { spec = try check.specs == 0 ? loader.loadNamed(path: next) : loader.load(path: next) } catch {
                    check.errors.append(error.description)
                    continue
                }
            } else { continue }
            check.specs += 1
            let file = spec.path ?? "<stdin>"
            check.files.append(file)
            if check.specs == 1 {
                let state = AppState(root: spec, size: Size(width: 80, height: 24), settings: settings, environment: environment)
                check.warnings += BindingWarnings.check(state.current).map { "\(file): \($0)" }
            } else {
                check.warnings += spec.keyWarnings.map { "\(file): \($0)" }
            }
            for target in check.links(of: spec, file: file, confinement: (loader.files as? DiskFiles)?.confinement) where !seen.contains(target) {
                seen.insert(target)
                queue.insert((target, nil), at: 0)
            }
        }
        return check
    }

    /// The specs `spec` links to (resolved paths that exist), noting the links that are broken
    /// or cannot be followed, and counting its rows. With a `confinement` (`--safe`), a file
    /// outside it is an error, not even looked for.
    private mutating func links(of spec: Spec, file: String, confinement: Confinement?) -> [String] {
        var found: [String] = []
        for (index, section) in spec.sections.enumerated() {
            rows += section.rows.count
            for position in 0..<min(section.rows.count, Self.rowLimit) where section.rows.binding(at: position) == nil {
                var row = section.rows[position]
                // What its cell type gives it where it says nothing itself, as written (a target
                // that is a template is reported as one, not bound to no data).
                let inherited = (try? spec.cells.resolve(row.cellName).attributes) ?? [:]
                if row.action == nil { row.action = inherited["action"].flatMap(RowAction.init) }
                if row.extras["actions"] == nil { row.extras["actions"] = inherited["actions"] }
                var targets: [(key: String, path: String)] = []
                if let segue = row.segue, segue.built == nil, segue.command == nil { targets.append(("segue", segue.spec)) }
                // Every screen an action opens: its own, its `then`s', a prompt's, the extra actions'.
                let actions = [("action", row.action)] + ExtraAction.of(row).enumerated().map { ("actions[\($0.offset)].action", $0.element.action) }
                for (key, action) in actions {
                    for target in action?.screensOpened ?? [] where target.built == nil && target.command == nil {
                        targets.append((key, target.spec))
                    }
                }
                let at = "sections[\(index)].rows[\(position)]"
                // A screen a command makes is known only once it runs: check does not run it.
                for (key, command) in [("segue", row.segue?.command), ("action", row.action?.kind.segueTarget?.command)] {
                    if let command { notChecked.append("\(file): \(at).\(key): made by a command (\(ExecCommand(arguments: command).display(characters: 80)))") }
                }
                for (key, target) in targets {
                    if target.contains("{{") {
                        notChecked.append("\(file): \(at).\(key): \(JSONValue.string(target).summary) (a template)")
                        continue
                    }
                    let resolved = DiskFiles.specFile(SpecPath.resolve(target, relativeTo: spec.path))
                    if let confinement, !confinement.contains(resolved) {
                        let (line, column) = section.rows.location(at: position) ?? (1, 1)
                        errors.append("\(file):\(line):\(column): \(at).\(key): \(JSONValue.string(target).summary) is refused: \(confinement.reason)")
                    } else if access(resolved, F_OK) == 0 {
                        found.append(resolved)
                        links.append((file, row.title, resolved))
                    } else {
                        let (line, column) = section.rows.location(at: position) ?? (1, 1)
                        errors.append("\(file):\(line):\(column): \(at).\(key): no such file \(JSONValue.string(target).summary)")
                    }
                }
            }
            for target in section.rows.sourceFiles {
                let resolved = SpecPath.resolve(target, relativeTo: spec.path)
                if target.contains("{{") {
                    notChecked.append("\(file): sections[\(index)].source.file: \(JSONValue.string(target).summary) (a template)")
                } else if let confinement, !confinement.contains(resolved) {
                    errors.append("\(file): sections[\(index)].source.file: \(JSONValue.string(target).summary) is refused: \(confinement.reason)")
                } else if access(resolved, F_OK) != 0 {
                    errors.append("\(file): sections[\(index)].source.file: no such file \(JSONValue.string(target).summary)")
                }
            }
        }
        return found
    }
}

extension SpecCheck {
    /// The screens and their links in Graphviz's dot language.
    package var dot: String {
        var lines = ["digraph segue {", "  rankdir=LR;", "  node [shape=box];"]
        for file in files { lines.append("  \(Self.quoted(file));") }
        for link in links { lines.append("  \(Self.quoted(link.from)) -> \(Self.quoted(link.to)) [label=\(Self.quoted(link.row))];") }
        return (lines + ["}"]).joined(separator: "\n")
    }

    /// The screens and their links as a Mermaid flowchart.
    package var mermaid: String {
        var ids: [String: String] = [:]
        func id(_ file: String) -> String {
            if let known = ids[file] { return known }
            let new = "s\(ids.count)"
            ids[file] = new
            return new
        }
        var lines = ["graph LR"]
        for file in files { lines.append("  \(id(file))[\"\(Self.escaped(file))\"]") }
        for link in links { lines.append("  \(id(link.from)) -->|\"\(Self.escaped(link.row))\"| \(id(link.to))") }
        return lines.joined(separator: "\n")
    }

    /// A dot string. Titles and file names come from specs (and their authors' file systems):
    /// they are sanitized as on screen (escape sequences removed, controls shown as `�`, line
    /// breaks as spaces), so a title's OSC 52 or `ESC[2J` never reaches the terminal `segue graph`
    /// prints to, and what is left cannot end the string.
    private static func quoted(_ text: String) -> String {
        "\"" + TextFitting.sanitize(text).flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }.map(String.init).joined() + "\""
    }

    /// A Mermaid label's text, sanitized as `quoted`'s; a `"` would end the label, so it is `'`.
    private static func escaped(_ text: String) -> String {
        String(TextFitting.sanitize(text).map { $0 == "\"" ? "'" : $0 })
    }
}
