/// What `--walker`, `--walker-root` and `--walker-skip` ask of the file walker (fzf's flags and
/// defaults): which entries are listed, under which folders, and which folders are never entered.
package struct WalkerOptions: Equatable, Sendable {
    /// List files (anything that is not a folder: symbolic links to files, broken links too).
    package var files = true
    /// List folders, each with a `/` after its name, as fzf does.
    package var folders = false
    /// List and enter folders starting with a dot (files starting with one are listed anyway, as
    /// fzf lists them).
    package var hidden = true
    /// Enter symbolic links to folders (a link back to a folder above it is left out: no loop).
    package var follow = true
    /// The folders walked, each listed as written before the paths under it; `.` lists bare paths.
    package var roots: [String] = ["."]
    /// Folders never entered nor listed: a name (`node_modules`), or a path with a `/`
    /// (`src/generated`) matched against the end of a folder's path.
    package var skipped: [String] = WalkerOptions.defaultSkipped

    /// fzf's default, `file,follow,hidden`.
    package static let defaultKinds = "file,follow,hidden"
    package static let defaultSkipped = [".git", "node_modules"]
    package static let kindWords = ["file", "dir", "hidden", "follow"]

    package init() {}

    /// `--walker`'s value, a comma-separated list of `file`, `dir`, `hidden` and `follow`; an
    /// unknown word is named in the error.
    package init(kinds: String, roots: [String] = [], skipped: String? = nil) throws(WalkerOptionError) {
        let words = kinds.split(separator: ",").map { String($0) }
        for word in words where !Self.kindWords.contains(word) {
            throw WalkerOptionError(message: "--walker: expected file, dir, hidden or follow separated by commas, found \"\(word)\"")
        }
        files = words.contains("file")
        folders = words.contains("dir")
        hidden = words.contains("hidden")
        follow = words.contains("follow")
        guard files || folders else {
            throw WalkerOptionError(message: "--walker: lists nothing without file or dir, found \"\(kinds)\"")
        }
        if !roots.isEmpty {
            for root in roots where root.isEmpty {
                throw WalkerOptionError(message: "--walker-root: expected a folder, found an empty path")
            }
            self.roots = roots
        }
        if let skipped { self.skipped = skipped.split(separator: ",").map { String($0) } }
    }

    /// Whether `words` reads as `--walker`'s value, so that `--walker` may stand alone before
    /// something else (`segue --walker --multi`).
    package static func isKinds(_ words: String) -> Bool {
        !words.isEmpty && words.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { kindWords.contains(String($0)) }
    }
}

package struct WalkerOptionError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
