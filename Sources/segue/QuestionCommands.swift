import ArgumentParser
import Glibc
import SegueCore

/// One question for a shell script, answered in a few lines under the prompt: gum's names and
/// flags, Segue's screen. Each prints only the answer on standard output; Esc exits 1 and Ctrl-C
/// 130.

/// `segue choose ITEM…`: pick one (or several) of the items, printed.
struct Choose: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pick one of the items given (or piped in, a line each); the choice is printed.",
        discussion: "Esc exits 1, Ctrl-C 130. / finds; with --multi, Space marks and Enter prints every marked item."
    )

    @Argument(help: "The items; with none, the lines of standard input.")
    var items: [String] = []

    @Flag(help: "Space marks items; Enter prints every marked one, a line each.")
    var multi = false

    @Option(help: ArgumentHelp("A line above the items.", valueName: "text"))
    var header: String?

    @Option(help: ArgumentHelp("The item selected at the start, by its label or value.", valueName: "item"))
    var selected: String?

    @Option(help: ArgumentHelp("Each item is LABEL<text>VALUE: the label shows, the value is printed.", valueName: "text"))
    var labelDelimiter: String?

    @Option(help: ArgumentHelp("Lines under the prompt (10) or a share of the terminal (40%); by default as many as the items need, up to 12.",
                               valueName: "rows|percent"))
    var height: InlineHeight?

    @OptionGroup var look: QuestionLook

    func run() throws {
        var list = items
        if list.isEmpty, isatty(STDIN_FILENO) == 0 {
            list = readLine(strippingNewline: true).map { first in
                var lines = [first]
                while let line = readLine(strippingNewline: true) { lines.append(line) }
                return lines
            } ?? []
        }
        guard !list.isEmpty else {
            Diagnostics.report("segue choose: no items (give them as arguments, or a line each on standard input)")
            throw ExitCode(ExitStatus.usage.code)
        }
        let options = ChooseQuestion.Options(header: header, labelDelimiter: labelDelimiter)
        let spec = ChooseQuestion.spec(items: list, options: options)
        let chrome = 2 + (header == nil ? 0 : 1)
        try look.applied(to: RunSession(spec: "", question: spec, multi: multi,
                                        height: height ?? InlineHeight(.rows(min(list.count + chrome, 12))), select: selected)).run()
    }
}

/// `segue confirm QUESTION`: yes or no, as the exit status.
struct Confirm: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask a yes-or-no question; the exit status is the answer: 0 yes, 1 no (or Esc), 130 Ctrl-C.",
        discussion: "y and n answer at once; ↑↓ or ←→ move between the answers and Enter takes the selected one. Nothing is printed."
    )

    @Argument(help: "The question.")
    var question: String

    @Option(help: ArgumentHelp("The answer selected at the start.", valueName: "yes|no"))
    var `default`: ConfirmDefault = .yes

    @Option(help: ArgumentHelp("The word for yes.", valueName: "text"))
    var affirmative = "Yes"

    @Option(help: ArgumentHelp("The word for no.", valueName: "text"))
    var negative = "No"

    @Option(help: ArgumentHelp("Lines under the prompt (at least 5), or a share of the terminal (40%).", valueName: "rows|percent"))
    var height: InlineHeight?

    @OptionGroup var look: QuestionLook

    enum ConfirmDefault: String, ExpressibleByArgument {
        case yes, no
    }

    func run() throws {
        let options = ConfirmQuestion.Options(defaultsToYes: self.default == .yes, affirmative: affirmative, negative: negative)
        try look.applied(to: RunSession(spec: "", question: ConfirmQuestion.spec(question: question, options: options),
                                        height: height ?? InlineHeight(.rows(6)), select: ConfirmQuestion.selected(options))).run()
    }
}

/// `segue input`: a line of text, printed.
struct Input: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask for a line of text; what is typed is printed.",
        discussion: "Enter accepts (when the text passes --kind, --pattern, --min and --max); Esc exits 1, Ctrl-C 130."
    )

    @Option(help: ArgumentHelp("What is asked, before the text.", valueName: "text"))
    var prompt = "> "

    @Option(help: ArgumentHelp("The text already typed.", valueName: "text"))
    var value: String?

    @Option(help: ArgumentHelp("A line shown above the question.", valueName: "text"))
    var placeholder: String?

    @Flag(help: "Draw what is typed as •s.")
    var password = false

    @Option(help: ArgumentHelp("text, number or password.", valueName: "kind"))
    var kind = "text"

    @Option(help: ArgumentHelp("A regular expression the whole text must match.", valueName: "regex"))
    var pattern: String?

    @Option(help: ArgumentHelp("With --kind number: the smallest number.", valueName: "n"))
    var min: Double?

    @Option(help: ArgumentHelp("With --kind number: the largest number.", valueName: "n"))
    var max: Double?

    @Option(help: ArgumentHelp("Lines under the prompt (at least 5), or a share of the terminal (40%).", valueName: "rows|percent"))
    var height: InlineHeight?

    @OptionGroup var look: QuestionLook

    func run() throws {
        let options = InputQuestion.Options(prompt: prompt, value: value, placeholder: placeholder,
                                            kind: password ? "password" : kind, pattern: pattern, min: min, max: max)
        switch InputQuestion.make(options) {
        case .failure(let problem):
            // `input.pattern: not a valid regular expression` is about --pattern.
            let option = problem.path.split(separator: ".").last.map { "--" + $0 } ?? "input"
            Diagnostics.report("\(option): \(problem.message)")
            throw ExitCode(ExitStatus.usage.code)
        case .success(let made):
            try look.applied(to: RunSession(spec: "", question: made.spec, startAction: made.question,
                                            height: height ?? InlineHeight(.rows(5)))).run()
        }
    }
}

/// `segue write`: a text of several lines, printed.
struct Write: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask for a text of several lines; what is written is printed.",
        discussion: """
            Enter breaks the line; Ctrl-D prints the text (Alt-Enter and Ctrl-J cannot: a terminal sends them as Esc \
            then Enter, and as Enter). Esc exits 1, Ctrl-C 130. ↑↓←→ move, Backspace at a line's start joins it to the \
            line before, the line editor's keys (Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U, Ctrl-W, Alt-B, Alt-F…) edit the line. \
            Long lines wrap at the band's width; the text printed keeps them whole.
            """
    )

    @Option(help: ArgumentHelp("Shown, dim, while nothing is written.", valueName: "text"))
    var placeholder: String?

    @Option(help: ArgumentHelp("The text already written (line feeds break its lines).", valueName: "text"))
    var value: String?

    @Option(help: ArgumentHelp("A line above the text.", valueName: "text"))
    var header: String?

    @Option(help: ArgumentHelp("At most this many characters, each line break one of them.", valueName: "n"))
    var charLimit: Int?

    @Option(help: ArgumentHelp("Lines under the prompt (8 by default, at least 5), or a share of the terminal (40%).", valueName: "rows|percent"))
    var height: InlineHeight?

    @OptionGroup var look: QuestionLook

    func validate() throws {
        if let charLimit, charLimit < 1 { throw ValidationError("--char-limit: expected a number of characters above 0, found \(charLimit)") }
    }

    func run() throws {
        var session = RunSession(spec: "", question: WriteQuestion.spec(), height: height ?? InlineHeight(.rows(8)))
        session.oneShot = .write(WriteQuestion(header: header, placeholder: placeholder, value: value ?? "", limit: charLimit))
        try look.applied(to: session).run()
    }
}

/// `segue spin -- CMD…`: a spinner while a command runs; its status passed on.
struct Spin: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a spinner and a title while a command runs; its exit status is passed on.",
        discussion: """
            The command runs without a shell (write sh -c '…' for one), in its own process group, its output and errors \
            kept: on success nothing is printed (with --show-output, its output, on stdout); on failure what it wrote \
            is shown on stderr. Esc stops it and exits 1, Ctrl-C stops it and exits 130: its whole process group ends \
            with Segue. Its standard input is Segue's when that is not the terminal. Without a terminal it just runs.
            """
    )

    @Option(help: ArgumentHelp("The words beside the spinner.", valueName: "text"))
    var title = "Loading…"

    @OptionGroup var running: RunningCommand

    func validate() throws { try running.validate(example: "segue spin --title Building… -- make") }

    func run() throws { try running.run(title: title, progress: false) }
}

/// What `segue spin` and `segue progress` share: the command, its output and the look; one way
/// to run it behind the spinner or the bar.
struct RunningCommand: ParsableArguments {
    @Flag(help: "Print the command's standard output on stdout when it succeeds too (on failure it goes there as well, its errors on stderr).")
    var showOutput = false

    @OptionGroup var look: QuestionLook

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    func validate(example: String) throws {
        if command.isEmpty { throw ValidationError("no command to run: give it after --, as in \(example)") }
    }

    /// A line for the spinner, two with the bar (`progress`).
    func run(title: String, progress: Bool) throws {
        let lines = progress ? 2 : 1
        var session = RunSession(spec: "", question: SpinQuestion.spec(), height: InlineHeight(.rows(lines), minimum: lines))
        session.oneShot = .spin(SpinQuestion(title: title, command: command, showsOutput: showOutput, readsProgress: progress))
        try look.applied(to: session).run()
    }
}

/// How a question looks, as `segue run`'s options say: plain mode, the theme, colour and ASCII.
struct QuestionLook: ParsableArguments {
    @Option(help: ArgumentHelp("A built-in theme: default, high-contrast or mono (also SEGUE_THEME).", valueName: "name"))
    var theme: String?

    @Option(help: ArgumentHelp("When to use colour: auto (not when NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColourChoice = .auto

    @Flag(help: "Draw with ASCII only (also when the locale cannot show UTF-8).")
    var ascii = false

    @Flag(help: "Plain mode: the question as lines of text on the terminal, the answer read from it (also when TERM=dumb).")
    var plain = false

    func applied(to session: RunSession) -> RunSession {
        var session = session
        session.theme = theme
        session.color = color
        session.ascii = ascii
        session.plain = plain
        return session
    }
}

/// `segue progress -- CMD…`: a bar the command moves by printing how far it is (dialog's
/// `--gauge`); its status passed on, as `segue spin`'s.
struct Progress: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a progress bar the command moves by printing how far it is; its exit status is passed on.",
        discussion: """
            Each line the command prints that is a number from 0 to 100 (42, 42%), holds a percentage (Copied 42%) or \
            starts with a count (3/8) moves the bar; any other line shows beside the title as what it is doing. Lines \
            may end with a carriage return, as progress meters redraw. Otherwise as segue spin: no shell, its own \
            process group, its output shown on failure, Esc exits 1, Ctrl-C 130.
            """
    )

    @Option(help: ArgumentHelp("The words above the bar.", valueName: "text"))
    var title = "Working…"

    @OptionGroup var running: RunningCommand

    func validate() throws { try running.validate(example: "segue progress -- ./copy.sh") }

    func run() throws { try running.run(title: title, progress: true) }
}
