/// fzf's ways of writing options that Segue's parser does not read as written, turned into Segue's
/// before the arguments are parsed: short and old spellings, `--multi=N`, `--listen` without a value.
extension Run {
    /// fzf's spellings the parser does not take, as Segue's: `--multi=N` as `--multi
    /// --multi-limit N`, the old `--phony` as `--disabled`, the short forms scripts write (`-q`,
    /// `-m`, `+s`), and what is Segue's default already (`-x`, `+m`, `--smart-case`) left out.
    /// An option's value (`--query -m`) and what follows `--` are left as written.
    static func fzfSpelledOut(_ arguments: [String]) -> [String] {
        var spelled: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                spelled += arguments[(index - 1)...]
                break
            }
            if optionsTakingAnyValue.contains(argument) || argument == "-q", index < arguments.count {
                spelled += [fzfSpellings[argument]?.first ?? argument, arguments[index]]
                index += 1
            } else if argument.hasPrefix("--multi="), !argument.hasPrefix("--multi-") {
                spelled += ["--multi", "--multi-limit", String(argument.dropFirst("--multi=".count))]
            } else {
                spelled += fzfSpellings[argument] ?? [argument]
            }
        }
        return spelled
    }

    /// fzf's option spellings and what Segue reads for each (nothing: Segue's default).
    static let fzfSpellings: [String: [String]] = [
        "--phony": ["--disabled"], "-q": ["--query"], "-m": ["--multi"], "+s": ["--no-sort"],
        "+m": [], "--no-multi": [], "-x": [], "--extended": [], "--smart-case": [],
    ]

    /// `--listen` alone, as fzf takes it (a free port), is `--listen=0`: the option's value is
    /// left out when the next argument is another option or there is none.
    static func listenSpelledOut(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var spelled = arguments
        for index in arguments[..<end].indices.reversed() where arguments[index] == "--listen" {
            let next = index + 1 < end ? arguments[index + 1] : nil
            if next == nil || next?.hasPrefix("-") == true { spelled[index] = "--listen=0" }
        }
        return spelled
    }

    /// The options whose value may start with a dash, as fzf's may (`--query -x`, `--nth -1`):
    /// declared with `parsing: .unconditional`.
    static let optionsTakingAnyValue = Set<String>(["--prompt", "--header", "--delimiter", "-d", "--with-nth", "--accept-nth",
                                                      "--nth", "-n", "--filter", "--query", "--preview", "--preview-window", "--bind",
                                                      "--separator", "--border-label", "--border-label-pos"])
        .union(RowLookOptions.takingAnyValue)
}
