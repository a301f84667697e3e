import ArgumentParser
import Glibc
import SegueCore
import SegueTerminal

/// `--tmux [SIZE]`, read before the argument parser (its value is optional, which the parser
/// cannot say): inside tmux the command runs again in a popup; outside, inline, in the popup's
/// height.
enum TmuxOption {
    /// `arguments` without `--tmux` and its size, and the placement it asked for (`nil` when it
    /// is not there). A size that does not read as one is left as an argument (a spec's path).
    static func extract(from arguments: [String]) -> (arguments: [String], placement: TmuxPopup.Placement?) {
        var rest: [String] = []
        var placement: TmuxPopup.Placement?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--tmux" {
                if index + 1 < arguments.count, let asked = TmuxPopup.Placement(parsing: arguments[index + 1]) {
                    placement = asked
                    index += 1
                } else {
                    placement = TmuxPopup.Placement()
                }
            } else if argument.hasPrefix("--tmux=") {
                guard let asked = TmuxPopup.Placement(parsing: String(argument.dropFirst(7))) else {
                    Diagnostics.report("--tmux: expected [center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]], found \"\(argument.dropFirst(7))\"")
                    exit(ExitStatus.usage.code)
                }
                placement = asked
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (rest, placement)
    }

    /// Runs the command in a popup when `--tmux` asks and tmux is there (never returns then);
    /// otherwise returns the arguments to parse: outside tmux, with the popup's height as
    /// `--height` unless one is given.
    static func apply(to arguments: [String]) -> [String] {
        let (rest, placement) = extract(from: arguments)
        guard let placement else { return arguments }
        guard TmuxPopup.isAvailable else {
            if rest.contains(where: { $0 == "--height" || $0.hasPrefix("--height=") }) { return rest }
            let height = switch placement.inlineHeight.amount {
            case .percent(let share): "\(share)%"
            case .rows(let rows): "\(rows)"
            }
            if let first = rest.first, SegueCommand.commandNames.contains(first) {
                return [first, "--height", height] + rest.dropFirst()
            }
            return ["--height", height] + rest
        }
        switch TmuxPopup.run(rest, placement: placement) {
        case .success(let result):
            do {
                try StandardOutput.write(String(decoding: result.output, as: UTF8.self))
            } catch let code as ExitCode {
                exit(code.rawValue)
            } catch {
                exit(ExitStatus.outputFailed.code)
            }
            exit(result.status)
        case .failure(let error):
            Diagnostics.report(error.description)
            exit(ExitStatus.noTerminal.code)
        }
    }
}
