/// What a spec says about finding rows on its screen: `"filter"` (off with `false`; or
/// `{"open": true, "prompt": "Pick a branch"}` to open as a picker) and `"sort": "score"`.
public struct FindSettings: Equatable, Sendable {
    /// `"filter": false` turns `/` off for the screen, and frees `/` for a hotkey.
    public var enabled = true
    /// The screen opens with the find line open.
    public var opensAtStart = false
    /// What the find line starts with.
    public var prompt = "/"
    /// Each section's matches are ordered best first rather than as the spec lists them.
    public var sortsByScore = false

    public init() {}

    /// The prompt and order, when finding is on.
    var options: (prompt: String, sortsByScore: Bool)? { enabled ? (prompt, sortsByScore) : nil }
}
