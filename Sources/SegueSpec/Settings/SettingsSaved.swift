/// What saving settings did: why nothing was written, if it was not, and the other places the
/// file changed at, which the app shows too.
package struct SettingsSaved: Equatable, Sendable {
    /// Why the file was not written; `nil` when it was (or there is no file).
    package var problem: SettingsProblem?
    /// Settings (JSON Pointers) the file changed at besides the names saved, with their values
    /// now (`nil`: taken away): in YAML, the aliases of a value with an anchor a change was made
    /// inside (`&base` changed, `*base` follows).
    package var followed: [String: JSONValue?]
    /// Not written because only writing the file anew could save it, which would lose this
    /// (`its 2 comments and its anchors (&base), …`): asked about, and saved with
    /// `Settings.rewritesWhole` on yes.
    package var wouldLose: String?

    package init(_ problem: SettingsProblem? = nil, followed: [String: JSONValue?] = [:], wouldLose: String? = nil) {
        self.problem = problem
        self.followed = followed
        self.wouldLose = wouldLose
    }
}
