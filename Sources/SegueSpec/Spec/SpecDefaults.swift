/// A tool's defaults, said once for all its specs: a `segue.json` in a spec's folder or a folder
/// above it (the nearest wins, as `.editorconfig` does) holds `keys`, `theme`, `settingsFile`,
/// `remember` and `cwd` for every spec under it. A spec's own keys win, key by key for `keys`.
package struct SpecDefaults: Equatable, Sendable {
    package static let fileName = "segue.json"
    /// The keys a defaults file may hold.
    package static let allowedKeys = ["$schema", "keys", "theme", "settingsFile", "remember", "cwd"]

    /// The file it was read from.
    package var path: String
    package var keys: JSONValue?
    package var theme: String?
    /// Resolved against the defaults file's folder.
    package var settingsFile: String?
    package var remembers: Bool?
    /// `"cwd"`: where the specs' commands run, `"caller"` (true) or `"spec"` (false).
    package var runsCommandsInCaller: Bool?

    /// The defaults for the spec at `file`: the nearest `segue.json` from its folder up (to the
    /// root for an absolute path, to the folder Segue was started in for a relative one). One
    /// that cannot be read (outside `--safe`'s folder, say) ends the search quietly; one that
    /// reads but is wrong is an error naming it. One the reader does not trust (another user's,
    /// or in a folder others can write: `UpwardTrust`) is not read, and said in `warnings`.
    package static func find(for file: String, files: any SpecFileReader, warnings: inout [String]) throws(SpecError) -> SpecDefaults? {
        var folder = SpecPath.folder(file)
        for _ in 0..<64 {
            let candidate = SpecPath.normalize(folder + "/" + fileName)
            if candidate != SpecPath.normalize(file) {
                switch files.upwardTrust(of: candidate) {
                case .trusted:
                    do {
                        return try decode(files.contents(of: candidate).bytes, path: candidate)
                    } catch where error.kind == .notFound {
                        // None here: the folder above.
                    } catch where error.file == candidate && !isReadProblem(error) {
                        throw error
                    } catch {
                        return nil
                    }
                case .skipped(let reason):
                    warnings.append("\(candidate): not read: \(reason)")
                case .stop(let reason):
                    if let reason { warnings.append("\(candidate): not read: \(reason)") }
                    return nil
                }
            }
            guard folder != "/", folder != ".", !folder.hasSuffix("..") else { return nil }
            folder = SpecPath.folder(folder)
        }
        return nil
    }

    private static func isReadProblem(_ error: SpecError) -> Bool {
        if case .unreadable = error.kind { return true }
        return false
    }

    /// The defaults in `bytes`, read from `path`: an object of the allowed keys, checked.
    package static func decode(_ bytes: [UInt8], path: String) throws(SpecError) -> SpecDefaults {
        let value = try SpecError.parsing(bytes, file: path)
        guard case .object(let members) = value else {
            throw SpecError(file: path, kind: .invalid(path: "$", message: "expected an object of \(allowedKeys.dropFirst().joined(separator: ", ")), found \(value.summary)"))
        }
        for key in members.keys.sorted() where !allowedKeys.contains(key) {
            throw SpecError(file: path, kind: .invalid(path: key, message:
                "a defaults file holds \(allowedKeys.dropFirst().joined(separator: ", ")); \"\(key)\" belongs in a spec"))
        }
        var defaults = SpecDefaults(path: path)
        if let keys = members["keys"], keys != .null {
            let (spared, _) = Keymap.sparingLastWayOut(keys, path: "keys")
            if case .failure(let problem) = Keymap.standard.applying(spared, path: "keys") {
                throw SpecError(file: path, kind: .invalid(path: problem.path, message: problem.message))
            }
            defaults.keys = spared
        }
        if let theme = members["theme"], theme != .null {
            guard let name = theme.stringValue, Theme.named(name) != nil else {
                throw SpecError(file: path, kind: .invalid(path: "theme", message:
                    "expected \(Theme.named.map { "\"\($0.name)\"" }.joined(separator: ", ")), found \(theme.summary)"))
            }
            defaults.theme = name
        }
        if let remember = members["remember"], remember != .null {
            guard case .bool(let flag) = remember else {
                throw SpecError(file: path, kind: .invalid(path: "remember", message: "expected true or false, found \(remember.summary)"))
            }
            defaults.remembers = flag
        }
        if let cwd = members["cwd"], cwd != .null {
            guard let folder = cwd.stringValue, ["spec", "caller"].contains(folder) else {
                throw SpecError(file: path, kind: .invalid(path: "cwd", message: "expected \"spec\" or \"caller\", found \(cwd.summary)"))
            }
            defaults.runsCommandsInCaller = folder == "caller"
        }
        if let settings = members["settingsFile"], settings != .null {
            guard let file = settings.stringValue, !file.isEmpty else {
                throw SpecError(file: path, kind: .invalid(path: "settingsFile", message: "expected a path, found \(settings.summary)"))
            }
            defaults.settingsFile = SpecPath.resolve(file, relativeTo: path)
        }
        return defaults
    }

    /// `spec` with the defaults under what it says itself. A key of the defaults that is one of
    /// the spec's row hotkeys is the row's on that screen (said as a warning), as a spec's own
    /// `keys` may not take a hotkey either.
    package func apply(to spec: inout Spec) {
        spec.theme = spec.theme ?? theme
        spec.settingsFile = spec.settingsFile ?? settingsFile
        spec.remembers = spec.remembers ?? remembers
        spec.runsCommandsInCaller = spec.runsCommandsInCaller ?? runsCommandsInCaller
        var keys = keys
        if case .object(var members)? = keys {
            let hotkeys = Set(spec.sections.flatMap { $0.rows.hotkeys.map { String($0.key) } })
            for name in members.keys.sorted() where hotkeys.contains(name) && members[name] != .null {
                members[name] = nil
                spec.keyWarnings.append("\(path): keys.\(name): not bound on this screen: a row's hotkey there")
            }
            keys = .object(members)
        }
        if case .object(let own)? = spec.keys, case .object(var merged)? = keys {
            for (key, value) in own { merged[key] = value }
            spec.keys = .object(merged)
        } else {
            spec.keys = spec.keys ?? keys
        }
        spec.files.append(path)  // `--watch` reads the spec again when its defaults change
    }
}
