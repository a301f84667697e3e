/// What the preview pane shows for a row: a text template, or the output of a command run for
/// the row (no shell, as `exec` and sources), with the row's data bound into either.
///
/// Written as `"preview"` on a row, a cell type, a generated or live row template, or a section
/// (for each of its rows that has none of its own).
package struct PreviewSpec: Hashable, Sendable {
    package enum Origin: Hashable, Sendable {
        /// Shown as it is (templates already rendered).
        case text(String)
        /// Run in the spec's folder; its standard output is shown.
        case command([String])
    }

    package var origin: Origin
    /// Keep the command's colours (`"format": "ansi"`); otherwise its escape sequences are removed.
    package var keepsColour: Bool
    /// Where the pane goes, its size, wrapping and the line it opens at.
    package var window: PreviewWindow

    package init(origin: Origin, keepsColour: Bool = false, window: PreviewWindow = PreviewWindow()) {
        self.origin = origin
        self.keepsColour = keepsColour
        self.window = window
    }
}

extension PreviewSpec {
    /// A spec's `"preview"`: a string (a text template), `{"text": …}`, or `{"command": […],
    /// "format": "ansi" | "plain"}`, either object with the pane's layout (`"position"`,
    /// `"size"`, `"wrap"`, `"offset"`: `PreviewWindow`); `null` means none.
    package static func decode(_ value: JSONValue, path: String) -> Result<PreviewSpec?, ShapeProblem> {
        let expected = "a text, {\"text\": …} or {\"command\": […]}"
        switch value {
        case .null: return .success(nil)
        case .string(let text): return .success(PreviewSpec(origin: .text(text)))
        case .object(let members):
            var origin: Origin?
            var keepsColour = false
            var window = PreviewWindow()
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "text":
                    guard case .string(let text) = member else { return .failure(.expected("a string", found: member, at: path + ".text")) }
                    origin = .text(text)
                case "command":
                    guard case .array(let parts) = member, !parts.isEmpty else {
                        return .failure(.expected("a command as a non-empty array of strings", found: member, at: path + ".command"))
                    }
                    var arguments: [String] = []
                    for part in parts {
                        guard case .string(let argument) = part else {
                            return .failure(.expected("a command as a non-empty array of strings", found: member, at: path + ".command"))
                        }
                        arguments.append(argument)
                    }
                    origin = .command(arguments)
                case "format":
                    switch member {
                    case .string("ansi"): keepsColour = true
                    case .string("plain"), .null: keepsColour = false
                    default: return .failure(.expected("\"ansi\" or \"plain\"", found: member, at: path + ".format"))
                    }
                default:
                    switch window.decode(key, member, path: path + "." + key) {
                    case .success(true): continue
                    case .success(false):
                        return .failure(ShapeProblem(path: path + "." + key, message:
                            "expected \"text\", \"command\", \"format\", \"position\", \"size\", \"wrap\" or \"offset\", found \(JSONValue.string(key).summary)"))
                    case .failure(let problem): return .failure(problem)
                    }
                }
            }
            guard let origin else { return .failure(ShapeProblem(path: path, message: "expected \"text\" or \"command\"")) }
            if members["text"] != nil, members["command"] != nil {
                return .failure(ShapeProblem(path: path, message: "expected \"text\" or \"command\", not both"))
            }
            return .success(PreviewSpec(origin: origin, keepsColour: keepsColour, window: window))
        default:
            return .failure(.expected(expected, found: value, at: path))
        }
    }
}
