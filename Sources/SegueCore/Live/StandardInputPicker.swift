/// `cmd | segue`: a picker over the lines a program reads on standard input, as fzf is one.
///
/// One live section whose rows are the lines as they stream in, the find line open (its prompt
/// `> `, matches best first unless told otherwise), Enter printing the selected line. It is a
/// spec like any, so everything a spec's screen does (marks with `--multi`, `--print-query`,
/// previews, the help) works on it.
public enum StandardInputPicker {
    public struct Options: Sendable {
        /// The find line's prompt (`--prompt`).
        public var prompt = "> "
        /// A line above the rows (`--header`).
        public var header: String?
        /// Matches best first (fzf's default); `false` keeps the input's order (`--no-sort`).
        public var sortsByScore = true

        public init(prompt: String = "> ", header: String? = nil, sortsByScore: Bool = true) {
            self.prompt = prompt
            self.header = header
            self.sortsByScore = sortsByScore
        }
    }

    /// The picker's spec. Lines are data, never templates: a line holding `{{x}}` prints as it is.
    public static func spec(_ options: Options = Options()) -> Spec {
        let row = Row(attributes: [
            "title": "{{item.line}}",
            "action": .object(["type": "emit", "value": "{{item.line}}"]),
        ])
        let source = LiveSource(source: SourceSpec(origin: .standardInput, format: .lines), template: row, empty: "No lines")
        var spec = Spec(title: "", sections: [Section(header: options.header, rows: RowList(live: source))])
        spec.find.opensAtStart = true
        spec.find.prompt = options.prompt.isEmpty ? "> " : options.prompt
        spec.find.sortsByScore = options.sortsByScore
        return spec
    }
}
