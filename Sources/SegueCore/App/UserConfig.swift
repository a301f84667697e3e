/// The user's own settings for every spec: `$XDG_CONFIG_HOME/segue/config.json`, else
/// `~/.config/segue/config.json`. `{"keys": {"ctrl-d": "pageDown", "x": "quit"}, "theme": "mono"}`.
/// A missing file is no config; a broken one is an error naming the file and the JSON path.
package struct UserConfig: Sendable {
    /// The keys as the file remaps them, over the standard ones.
    package var keymap: Keymap = .standard
    /// The theme it names, if any (`--theme` and `SEGUE_THEME` win; it wins over a spec's).
    package var theme: String?

    package init() {}

    /// Where the config file is, from the environment.
    package static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/segue/config.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/segue/config.json"
    }

    /// A config from its bytes.
    package static func decode(_ bytes: [UInt8], file: String) -> Result<UserConfig, SpecError> {
        // Where the key a problem is about is written: its name's first place in the file.
        func problem(_ path: String, _ message: String) -> SpecError {
            let name = Array(("\"" + (path.split(separator: ".").last.map(String.init) ?? path) + "\"").utf8)
            let offset = (0...max(0, bytes.count - name.count)).first { bytes[$0..<min(bytes.count, $0 + name.count)].elementsEqual(name) } ?? 0
            let location = bytes.withUnsafeBufferPointer { TextLocation(offset: offset, in: $0) }
            return SpecError(file: file, kind: .shape(path: path, line: location.line, column: location.column, message: message))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure(SpecError(file: file, kind: .unreadable("not valid JSON: \(error)")))
        }
        guard case .object(let members) = value else { return .failure(problem("(top)", "expected an object, found \(value.summary)")) }
        var config = UserConfig()
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "keys":
                switch Keymap.standard.applying(member, path: "keys") {
                case .success(let keymap): config.keymap = keymap
                case .failure(let shape): return .failure(problem(shape.path, shape.message))
                }
            case "theme":
                guard member == .null || member.stringValue.flatMap(Theme.named) != nil else {
                    let names = Theme.named.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    return .failure(problem("theme", "expected \(names), found \(member.summary)"))
                }
                config.theme = member.stringValue
            default:
                return .failure(problem(key, "expected \"keys\" or \"theme\", found \(JSONValue.string(key).summary)"))
            }
        }
        return .success(config)
    }
}
