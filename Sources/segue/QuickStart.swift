import Glibc
import SegueCore

/// The everyday starts of `segue run` read without the argument parser: `segue --height 40%
/// menu.json`, `cmd | segue --height 40% --multi`. The parser reflects over each of `run`'s
/// forty-odd options before anything is drawn (about 2 ms, most of an inline start); these few
/// options are read here, into the same `RunSession` `Run` makes, and anything else — another
/// option, a second argument, a value this cannot read — goes to the parser as before, so its
/// messages and help stay the only ones.
struct QuickStart {
    var spec: String?
    var height: InlineHeight?
    var multi = false
    var prompt: String?
    var header: String?
    var query: String?
    var ansi = false

    /// The arguments read, or `nil` for the parser to read them.
    init?(_ arguments: [String]) {
        var index = 0
        /// The value of the option at `index` (`--name value` or `--name=value`), moving past it.
        func value(_ argument: String, _ name: String) -> String?? {
            if argument == name {
                // A value that looks like an option is the parser's to judge, as is none at all.
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return .some(nil) }
                index += 1
                return .some(arguments[index])
            }
            guard argument.hasPrefix(name + "=") else { return nil }
            return .some(String(argument.dropFirst(name.count + 1)))
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--multi" {
                multi = true
            } else if argument == "--ansi" {
                ansi = true
            } else if let given = value(argument, "--height") {
                guard let given, let parsed = InlineHeight(parsing: given) else { return nil }
                height = parsed
            } else if let given = value(argument, "--prompt") {
                guard let given else { return nil }
                prompt = given
            } else if let given = value(argument, "--header") {
                guard let given else { return nil }
                header = given
            } else if let given = value(argument, "--query") {
                guard let given else { return nil }
                query = given
            } else if spec == nil, !argument.isEmpty, argument == "-" || !argument.hasPrefix("-"),
                      !SegueCommand.commandNames.contains(argument) {
                spec = argument
            } else {
                return nil
            }
            index += 1
        }
        // No spec and no lines piped in: the parser says how to use Segue.
        if spec == nil, isatty(STDIN_FILENO) != 0 { return nil }
    }

    /// The session `Run` would make of the same arguments.
    var session: RunSession {
        var picker = spec == nil
            ? StandardInputPicker.Options(prompt: prompt ?? "> ", header: header, sortsByScore: true, readsNulSeparated: false) : nil
        picker?.keepsColour = ansi
        var session = RunSession(spec: spec ?? "", picker: picker)
        session.multi = multi
        session.query = query
        session.height = height
        return session
    }
}
