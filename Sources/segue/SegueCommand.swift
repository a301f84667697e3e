import ArgumentParser
import Glibc
import SegueCore
import SegueFiles
import SegueTerminal

@main
struct SegueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Browse screens described by JSON spec files in the terminal.",
        usage: """
            segue [run] <spec>
              cmd | segue [<options>]
              segue --walker [file,dir,hidden,follow] [--walker-root <dir>] [<options>]
              segue --bash | --zsh | --fish
            """,
        discussion: HelpText.isRequested ? HelpText.discussion + HelpText.runOptions : "",
        version: SegueCommand.fullVersion,
        subcommands: [Run.self, Choose.self, Confirm.self, Input.self, Form.self, Write.self, Spin.self, Progress.self, DoCommand.self, ForgetCommand.self, EditCommand.self, Check.self, RenderCommand.self, GraphCommand.self, SchemaCommand.self,
                      CompletionScript.self],
        defaultSubcommand: Run.self
    )

    static let version = "1.0.0"

    /// The common starts, `segue SPEC`, a few options around it (`QuickStart`) and `segue
    /// --version`, skip the argument parser, which spends a millisecond or more reflecting over
    /// every command's options before anything is drawn; everything else goes through it.
    static func main() {
        StandardOutput.reserve()
        // A reader that has gone is told on standard error (status 141), not a silent death:
        // writes fail with EPIPE instead. Commands started get the default back.
        signal(SIGPIPE, SIG_IGN)
        StartupTrace.mark("main")
        // argv read directly: `CommandLine.arguments` builds every argument's String first.
        let argument = CommandLine.argc == 2 ? CommandLine.unsafeArgv[1].map { String(cString: $0) } : nil
        if argument == "--version" {
            print(fullVersion)
            Glibc.exit(0)
        }
        if let argument, let script = ShellIntegration.script(for: argument) {
            do { try StandardOutput.write(script) } catch let code as ExitCode { Glibc.exit(code.rawValue) } catch { Glibc.exit(1) }
            Glibc.exit(0)
        }
        // Default options and `--tmux` make a start go through the parser.
        let defaults = getenv(DefaultOptions.variable).map { String(cString: $0) } ?? ""
        if !defaults.isEmpty || CommandLine.arguments.contains(where: { $0.hasPrefix("--tmux") || $0.hasPrefix("--multi=") || $0 == "--walker" }) {
            let arguments = DefaultOptions.applied(to: Array(CommandLine.arguments.dropFirst()), environment: defaults)
            parseAndRun(Run.listenSpelledOut(Run.walkerSpelledOut(Run.fzfSpelledOut(TmuxOption.apply(to: withoutLooks(arguments))))))
        }
        // `segue SPEC`, `segue --height 40% SPEC`, `cmd | segue --multi`: no parser (`QuickStart`).
        if CommandLine.argc > 1, let quick = QuickStart(Array(CommandLine.arguments.dropFirst())) {
            do {
                try quick.session.run()
            } catch let code as ExitCode {
                Glibc.exit(code.rawValue)
            } catch {
                Diagnostics.report("\(error)")
                Glibc.exit(ExitStatus.usage.code)
            }
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        let kept = Run.listenSpelledOut(Run.fzfSpelledOut(withoutLooks(arguments)))
        parseAndRun(kept == arguments ? nil : kept)
    }

    /// `arguments` without fzf's looks Segue does not draw (`FzfLooks`), each said on standard
    /// error, and those of the rows it draws spelled out for the parser (`RowLookOptions`).
    static func withoutLooks(_ arguments: [String]) -> [String] {
        let (kept, ignored) = FzfLooks.stripped(arguments)
        for look in ignored { Diagnostics.report(FzfLooks.note(look)) }
        return RowLookOptions.spelledOut(kept)
    }

    /// The argument parser's `main`, but what it says goes out as everything else Segue writes:
    /// an argument quoted in a usage error (`Unknown option '--x…'`) has its control characters
    /// escaped, as a script may pass text it did not write, and help that cannot be written
    /// fails loudly (`StandardOutput`).
    static func parseAndRun(_ arguments: [String]?) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(0)
        } catch {
            let text = fullMessage(for: error)
            var code = exitCode(for: error).rawValue
            if !text.isEmpty {
                let escaped = Diagnostics.escaped(text, keepingLines: true)
                if code == 0 {
                    do { try StandardOutput.write([escaped]) } catch let failed as ExitCode { code = failed.rawValue } catch {}
                } else {
                    Diagnostics.pass(Array((escaped + "\n").utf8))
                }
            }
            Glibc.exit(code)
        }
    }

    /// The commands' names, as the first argument: what `QuickStart` never takes for a spec.
    /// Written out: asking the argument parser for them costs what skipping it saves (a test
    /// checks that each command `segue --help` lists still runs as one).
    static let commandNames: Set<String> = ["run", "choose", "confirm", "input", "form", "write", "spin", "progress", "do", "forget", "edit", "check", "render", "graph", "schema", "completions", "help"]
}
