/// What a spec says about finding rows on its screen: `"filter"` (off with `false`; or
/// `{"open": true, "prompt": "Pick a branch"}` to open as a picker) and `"sort": "score"`.
package struct FindSettings: Equatable, Sendable {
    /// `"filter": false` turns `/` off for the screen, and frees `/` for a hotkey.
    package var enabled = true
    /// The screen opens with the find line open.
    package var opensAtStart = false
    /// What the find line starts with.
    package var prompt = "/"
    /// Each section's matches are ordered best first rather than as the spec lists them.
    package var sortsByScore = false
    /// Enter with nothing matching chooses what was typed (`"accept": "query"`): select-or-type.
    package var acceptsQuery = false

    package init() {}

    /// The prompt and order, when finding is on.
    package var options: (prompt: String, sortsByScore: Bool)? { enabled ? (prompt, sortsByScore) : nil }
}

extension FindSettings {
    /// `settings` with a spec's `"filter"` applied: `true`, `false`, `null`, or
    /// `{"open": true, "prompt": "…"}`.
    package static func decodeFilter(_ value: JSONValue, into settings: FindSettings) -> Result<FindSettings, ShapeProblem> {
        var settings = settings
        switch value {
        case .null, .bool(true): settings.enabled = true
        case .bool(false): settings.enabled = false
        case .object(let members):
            settings.enabled = true
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                switch (key, member) {
                case ("open", .bool(let open)): settings.opensAtStart = open
                case ("open", .null): settings.opensAtStart = false
                case ("prompt", .string(let prompt)) where !prompt.isEmpty: settings.prompt = prompt
                case ("prompt", .null): settings.prompt = "/"
                case ("accept", .string("query")): settings.acceptsQuery = true
                case ("accept", .string("row")), ("accept", .null): settings.acceptsQuery = false
                case ("accept", _): return .failure(.expected("\"row\" or \"query\"", found: member, at: "filter.accept"))
                case ("open", _): return .failure(.expected("true or false", found: member, at: "filter.open"))
                case ("prompt", _): return .failure(.expected("a prompt", found: member, at: "filter.prompt"))
                default:
                    return .failure(ShapeProblem(path: "filter.\(key)", message: "expected \"open\", \"prompt\" or \"accept\", found \(JSONValue.string(key).summary)"))
                }
            }
        default:
            return .failure(.expected("true, false or {\"open\": …, \"prompt\": …, \"accept\": …}", found: value, at: "filter"))
        }
        return .success(settings)
    }
}
