import ArgumentParser
import SegueFiles

/// `--walker`, `--walker-root`, `--walker-skip`: the paths under a folder to pick from, as fzf's
/// walker lists them.
extension Run {
    /// Whether any of the walker's options was given.
    var walksFiles: Bool { walker != nil || !walkerRoot.isEmpty || walkerSkip != nil }

    var walkerOptions: WalkerOptions {
        get throws(WalkerOptionError) {
            try WalkerOptions(kinds: walker ?? WalkerOptions.defaultKinds, roots: walkerRoot, skipped: walkerSkip)
        }
    }

    /// `--walker` standing alone (followed by another option, a spec, or nothing) as the parser
    /// takes it: `--walker=file,follow,hidden`, fzf's default.
    /// A `--walker` that is another option's value (`--filter --walker`) is left as it is.
    static func walkerSpelledOut(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            let isAValue = index > 0 && optionsTakingAnyValue.contains(arguments[index - 1])
            if argument == "--walker", !isAValue, !(next.map(WalkerOptions.isKinds) ?? false) {
                result.append("--walker=" + WalkerOptions.defaultKinds)
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
