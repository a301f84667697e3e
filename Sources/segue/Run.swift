import ArgumentParser
import Glibc
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue run SPEC` (and the shorthand `segue SPEC`).
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a spec and browse it.",
        discussion: HelpText.isRequested ? HelpText.discussion : ""
    )

    @Argument(help: "A spec file (.json or .yaml), a folder holding main.json (or main.yaml), or - to read the spec from stdin. With none and stdin a pipe, the piped lines to pick from (cmd | segue).",
              completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: the find line's prompt (default \"> \").", valueName: "text"))
    var prompt: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: a line above the rows.", valueName: "text"))
    var header: String?

    @Flag(help: "Picking from stdin: keep the lines' order while finding (matches are best first by default).")
    var noSort = false

    @Flag(help: "Picking from stdin: the lines show last first (a shell's history, newest first), once they have all come.")
    var tac = false

    @Option(help: ArgumentHelp("Picking from stdin: the first N lines are a header above the rows (ps's column names), shown as they are, never chosen or matched.",
                               valueName: "n"))
    var headerLines: Int = 0

    @Flag(help: "Picking from stdin: items end with NUL, not a line feed (find -print0).")
    var read0 = false

    @Option(help: ArgumentHelp("Picking from stdin: show the lines as a table, their fields (split by --delimiter) in aligned columns, the last column taking the rest of the line. \"header\": the first line names the columns (ps, df); a number: that many columns; else the titles, comma-separated (PID,USER,COMMAND). Enter prints the line as it came.",
                               valueName: "header|n|titles"))
    var columns: String?

    @Flag(help: "Picking from stdin: each line is a JSON object; its title shows (else the object), its detail at the right, its preview in the pane, and Enter prints its value (else its title).")
    var jsonl = false

    @Flag(help: "Picking from stdin: draw the colours in the lines (git log --color, rg --color=always); they are matched and printed without them.")
    var ansi = false

    @Option(name: [.customLong("delimiter"), .customShort("d")], parsing: .unconditional,
            help: ArgumentHelp("Picking from stdin: where lines split into fields, a regular expression as fzf reads it (runs of blanks by default).", valueName: "regex"))
    var delimiter: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: the fields each row shows, as fzf's field indexes (2.., 1,3, -1).", valueName: "fields"))
    var withNth: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: the fields Enter prints, as fzf's field indexes.", valueName: "fields"))
    var acceptNth: String?

    @Option(name: [.customLong("nth"), .customShort("n")], parsing: .unconditional,
            help: ArgumentHelp("Picking from stdin: the fields a find reads, as fzf's field indexes counted in what each row shows; the rest of the line is not matched.", valueName: "fields"))
    var nth: String?

    @Flag(help: "End each value printed with NUL, not a line feed (for xargs -0).")
    var print0 = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin without a terminal: print the lines that match QUERY, best first (as the picker would show them), and exit 0, or 1 when none does.", valueName: "query"))
    var filter: String?

    @Flag(name: [.customLong("select-1"), .customShort("1")],
          help: "When everything has loaded and one row can be chosen (one match of --query), choose it without a key.")
    var selectOne = false

    @Flag(name: [.customLong("exit-0"), .customShort("0")],
          help: "When everything has loaded and no row can be chosen, exit with status 1 at once.")
    var exitZero = false

    @Flag(help: "Space marks rows; Enter prints every marked row's value, one per line. --multi=N: at most N can be marked.")
    var multi = false

    @Option(help: ArgumentHelp("At most N rows can be marked (--multi=N says the same).", valueName: "n"))
    var multiLimit: Int?

    @Flag(help: "Print a JSON object per chosen row (its data, section and the navigation path) instead of its value.")
    var printJSON = false

    @Option(help: ArgumentHelp("With no spec and no lines piped in: pick from the paths under the folder you are in, listed as they are found (fzf's walker). Which: file, dir (folders, with a / after), hidden (folders starting with a dot, entered), follow (links to folders), separated by commas; alone, file,follow,hidden.",
                               valueName: "file,dir,hidden,follow"))
    var walker: String?

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("The folders the walker lists (default: the one you are in), one or more (--walker-root src tests); paths under one are listed as DIR/path.", valueName: "dir"),
            completion: .directory)
    var walkerRoot: [String] = []

    @Option(help: ArgumentHelp("Folders the walker never enters, separated by commas: names, or paths with a / (default: .git,node_modules).", valueName: "names"))
    var walkerSkip: String?

    @Flag(help: "Print the key bindings (CTRL-T, CTRL-R, ALT-C) and **<Tab> completion for bash: eval \"$(segue --bash)\" in ~/.bashrc.")
    var bash = false

    @Flag(help: "Print them for zsh: source <(segue --zsh) in ~/.zshrc.")
    var zsh = false

    @Flag(help: "Print them for fish: segue --fish | source in ~/.config/fish/config.fish.")
    var fish = false

    @OptionGroup var safeMode: SafeModeOptions

    @OptionGroup var looks: FrameOptions
    @OptionGroup(title: "fzf's looks of the rows") var rowLooks: RowLookOptions

    @Flag(help: "Leave the mouse to the terminal (no clicking rows or wheel scrolling).")
    var noMouse = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Open with the find line open and TEXT typed in it (/ opens it later).",
                               valueName: "text"))
    var query: String?

    @Flag(help: "Order each section's matches best first while finding (the spec's \"sort\": \"score\").")
    var sort = false

    @Option(help: ArgumentHelp("Draw under the prompt in this many lines (10) or this share of the terminal (40%), not the whole screen; at least 5. ~N: at most N, fewer when the spec's rows need fewer. Also the spec's \"height\", and SEGUE_DEFAULT_OPTS for every run.",
                               valueName: "rows|percent"))
    var height: InlineHeight?

    /// Read before the parser sees the arguments (`TmuxOption`: its size may be left out); here
    /// for `--help`.
    @Option(help: ArgumentHelp("Inside tmux, open in a popup over the pane ([center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]], 50% when left out); the choice and the exit status come back. Outside tmux, draw inline in that height. Also for choose, confirm and input.",
                               valueName: "size"))
    var tmux: String?

    @Option(help: ArgumentHelp("How fuzzy terms match: v2, fzf's default (the best-scoring alignment), or v1 (the first match, faster on huge lists).",
                               valueName: "v1|v2"))
    var algo: FindQuery.Algorithm = .optimal

    @Option(help: ArgumentHelp("Keep the queries Enter accepts in FILE; in the find line Ctrl-P and Ctrl-N step through them (↑ and ↓ still move). A spec keeps its own under ~/.local/state/segue/history without it; \"\" keeps none.", valueName: "file"))
    var history: String?

    @Option(help: ArgumentHelp("Picking from stdin: lines chosen often and lately come first (once they have all come, unless you have moved), the choices kept in FILE (a spec keeps its own with \"sort\": \"frecency\").", valueName: "file"))
    var frecency: String?

    @Flag(help: "Print what the find line holds as the first line of output, before the chosen values (with --print-json, as {\"query\":\"…\"}).")
    var printQuery = false

    @Flag(help: "fzf's --disabled (--phony, its old name, says the same): the find line's text does not filter (every line shows, in its order), for a command to search with it (--bind 'change:reload(rg {q})'); enable-search and toggle-search bindings turn filtering on.")
    var disabled = false

    @Option(help: ArgumentHelp("Keys that choose as Enter does, separated by commas (ctrl-x,alt-v,f2): the key's name is printed on a line before the values (an empty line for Enter).",
                               valueName: "keys"))
    var expect: String?

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("fzf's key bindings, KEYS:ACTION[+ACTION…] separated by commas (ctrl-r:reload(ps -ef),ctrl-y:execute-silent(echo {} | xclip)+abort); the option may be given again. A bound key wins over the find line's use of it; ? lists the bindings. Events: start, load, change, focus, result, result-final, multi, one, zero, resize, every(N). transform(cmd) performs what cmd prints. docs/coming-from-fzf.md lists the actions.",
                               valueName: "bindings"))
    var bind: [String] = []

    @Option(help: ArgumentHelp("Let programs ask what the session shows (GET /: query, counts, current row, matches, marked rows as JSON) and send it actions (POST / with a --bind action list), as fzf --listen: a port on this machine (0, or --listen alone: a free one), HOST:PORT (needs SEGUE_API_KEY, sent as X-Api-Key), or a socket's path (PATH.sock). Children see SEGUE_PORT/FZF_PORT or SEGUE_SOCK.",
                               valueName: "port|host:port|path.sock"))
    var listen: String?

    @Flag(help: ArgumentHelp("Let --listen take actions that run a command (execute, execute-silent, become, reload, change-preview, transform…, trigger); without it they are refused with 403, as fzf refuses them."))
    var listenUnsafe = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the preview pane goes: auto (right from 100 columns, else below), right, bottom or off. Ctrl-O shows or hides it. Picking from stdin, anything else is a command whose output previews the selected line, run by $SHELL -c (sh without it) with fzf's placeholders: {} the line, {1} {-1} {2..} its fields, {q} the query, {+} the marked lines.",
                               valueName: "where|command"))
    var preview: String = "auto"

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: the preview pane's layout, as fzf's --preview-window: right, left, up or down, a size (60% or 20), wrap, hidden, and +OFFSET, the line shown at the top (+{2}-5).",
                               valueName: "layout"))
    var previewWindow: String?

    @Option(help: ArgumentHelp("A built-in theme: default, high-contrast or mono (also SEGUE_THEME, or the spec's \"theme\").",
                               valueName: "name"))
    var theme: String?

    @Option(help: ArgumentHelp("When to use colour: auto (not when NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColourChoice = .auto

    @Flag(help: "Draw with ASCII only (also when the locale cannot show UTF-8).")
    var ascii = false

    @Flag(help: "Plain mode: numbered lines and a prompt instead of a full screen (also when TERM=dumb), for screen readers, Emacs shell buffers, serial consoles and logs.")
    var plain = false

    @Flag(help: "Reload a screen when its spec (or its data file or cell library) changes on disk, keeping your place; template warnings show in the status line (for writing a spec).")
    var watch = false

    @Option(help: ArgumentHelp("Open with these screens stacked over the first, as their segues would stack them: spec paths separated by /, each relative to the one before (food.json/drinks.json).",
                               valueName: "path"))
    var open: String?

    @Option(help: ArgumentHelp("Select the row with this id (or title) on the screen that opens.", valueName: "id"))
    var select: String?

    @Option(help: ArgumentHelp("The settings file toggles and choices save to (default: the spec's settingsFile).",
                               valueName: "path"), completion: .file(extensions: ["json"]))
    var settings: String?

    func validate() throws {
        if filter != nil, spec != nil {
            throw ValidationError("--filter matches the lines piped in: give no spec")
        }
        for (name, value) in [("--with-nth", withNth), ("--accept-nth", acceptNth), ("--nth", nth), ("--id-nth", rowLooks.idNth)] {
            if let value, !FieldIndexes.isValid(value) {
                throw ValidationError("\(name): expected fzf's field indexes, such as 2.., 1,3 or -1, found \"\(value)\"")
            }
        }
        if frecency != nil, spec != nil {
            throw ValidationError("--frecency is for lines piped in: a spec says \"sort\": \"frecency\" and keeps its own")
        }
        if columns != nil, spec != nil {
            throw ValidationError("--columns is for lines piped in: a spec's sections say their own \"columns\"")
        }
        if let columns {
            if case .titles(let titles) = StandardInputPicker.ColumnsOption(columns), titles.contains(where: \.isEmpty)
                || (Int(columns.filter { $0 != " " }).map { !(1...100).contains($0) } ?? false) {
                throw ValidationError("--columns: expected header, a number of columns from 1 to 100, or column titles separated by commas, found \"\(columns)\"")
            }
            for (name, given) in [("--jsonl", jsonl ? "" : nil), ("--with-nth", withNth), ("--nth", nth)] where given != nil {
                throw ValidationError("--columns shows each line's fields as columns and finds in them: not with \(name)")
            }
        }
        if PreviewPlacement(rawValue: preview) == nil, spec != nil {
            throw ValidationError("--preview: expected auto, right, bottom or off, found \"\(preview)\" (a preview command is for lines piped in; a spec says its own \"preview\")")
        }
        if let multiLimit, multiLimit < 1 {
            throw ValidationError("--multi: expected the most rows that can be marked, a whole number above 0, found \(multiLimit)")
        }
        _ = try keyBindings
        for name in expectedKeys where Key(name: name) == nil {
            throw ValidationError("--expect: \"\(name)\" is not a key; expected names such as ctrl-x, alt-v, f2 or enter")
        }
        if walksFiles {
            do {
                _ = try walkerOptions
            } catch {
                throw ValidationError(error.message)
            }
            if spec != nil { throw ValidationError("--walker lists the paths to pick from: give no spec") }
        }
        guard let spec else {
            // `cmd | segue`: the piped lines are what to pick from; `--walker`: the paths here.
            if isatty(STDIN_FILENO) == 0 || walksFiles || bash || zsh || fish || startsByReloading { return }
            // No spec at all: a line saying how to start, not the whole help.
            Diagnostics.report("usage: segue [run] [options] SPEC   (SPEC: a .json or .yaml file, a folder holding main.json or main.yaml, or -; cmd | segue or segue --walker to pick lines or paths; segue --bash, --zsh or --fish for the shell's keys; segue --help for keys and options)")
            throw ExitCode(ExitStatus.usage.code)
        }
        if spec.isEmpty { throw ValidationError("the spec path is empty: give a spec file (.json) or a folder") }
    }

    func run() throws {
        for (flag, asked) in zip(ShellIntegration.flags, [bash, zsh, fish]) where asked {
            if let script = ShellIntegration.script(for: flag) { return try StandardOutput.write(script) }
        }
        var picker = spec == nil
            ? StandardInputPicker.Options(prompt: prompt ?? "> ", header: header, sortsByScore: !noSort, readsNulSeparated: read0) : nil
        picker?.delimiter = delimiter
        picker?.shownFields = withNth
        picker?.printedFields = acceptNth
        picker?.algorithm = algo
        picker?.headerLines = max(0, headerLines)
        picker?.keepsColour = ansi
        picker?.readsJSONLines = jsonl
        picker?.reversesOrder = tac
        picker?.searchedFields = nth
        picker?.columns = columns
        picker?.ordersByFrecency = frecency != nil
        picker?.looks = rowLooks.looks
        picker?.identityFields = rowLooks.idNth
        // fzf's rule: lines piped in win; at a terminal, `--walker` lists the paths (NUL-ended),
        // and a `start:reload(…)` its command's lines (fzf's ripgrep launcher).
        if picker != nil, isatty(STDIN_FILENO) != 0, !walksFiles, startsByReloading { WalkerInput.startEmpty() }
        if walksFiles, picker != nil, isatty(STDIN_FILENO) != 0 {
            WalkerInput.start(try walkerOptions) { Diagnostics.report("warning: " + $0) }
            picker?.readsNulSeparated = true
        }
        var startsHidden = false
        if PreviewPlacement(rawValue: preview) == nil { picker?.previewCommand = preview }
        if let previewWindow, picker != nil {
            let (window, ignored) = PreviewWindow.parse(fzf: previewWindow) { FzfPlaceholders.template($0, quoted: false, withoutEscapes: ansi) }
            picker?.previewWindow = window
            startsHidden = window.startsHidden
            if !ignored.isEmpty { Diagnostics.report("--preview-window: ignored \(ignored.joined(separator: ", ")) (fzf's alone)") }
        }
        if let filter, let picker { try Self.printMatches(of: filter, options: picker, terminator: print0 ? "\0" : "\n") }
        var session = RunSession(spec: spec ?? "", picker: picker, multi: multi, printJSON: printJSON, noExec: safeMode.noExec, safe: safeMode.safe, noMouse: noMouse, query: query,
                       sort: sort, algo: algo, height: try looks.height(height), printQuery: printQuery, preview: PreviewPlacement(rawValue: preview) ?? .auto,
                       previewStartsHidden: startsHidden, expectedKeys: expectedKeys, markLimit: multiLimit, theme: theme, color: color, ascii: ascii,
                       plain: plain, watch: watch, open: open, select: select, settings: settings, selectOne: selectOne,
                       exitZero: exitZero, history: history, frecency: frecency, print0: print0, bindings: try keyBindings, searchDisabled: disabled,
                       listen: try listen.map { text throws in
                           do throws(RemoteListenerError) { return try RemoteListener.Address(text) } catch { throw ValidationError(error.description) }
                       })
        // fzf's frame is the picker's: a spec's screens keep their title line.
        session.frame = try looks.frame
        session.listenUnsafe = listenUnsafe
        if session.frame != nil, picker == nil { Diagnostics.report("--layout, --info and --separator: fzf's looks of the picker (cmd | segue); ignored for a spec") }
        if picker == nil { session.frame = nil }
        try session.run()
    }
}

extension Run {
    /// Whether a `start` binding reloads: the lines are its command's, nothing need be piped in.
    var startsByReloading: Bool {
        ((try? keyBindings)?[.start] ?? []).contains { if case .reload = $0 { return true } else { return false } }
    }

    /// Every `--bind`, read in order (a later binding of a key replaces an earlier one).
    var keyBindings: KeyBindings {
        get throws {
            var bindings = KeyBindings()
            for text in bind {
                do throws(BindParser.Problem) {
                    try BindParser.parse(text, into: &bindings)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            return bindings
        }
    }

    var expectedKeys: [String] {
        (expect ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }

    /// `--filter`: the matching lines of standard input on standard output, and no terminal.
    static func printMatches(of query: String, options: StandardInputPicker.Options, terminator: String) throws -> Never {
        let input = StandardInputBuffer.readAll()
        do {
            let matches = try StandardInputPicker.filter(input, query: query, options: options) { Diagnostics.report("standard input: \($0)") }
            // A filter feeds pipelines: a reader that stops early (`| head`) ends it quietly, as
            // SIGPIPE ends grep or fzf --filter; the status still says so.
            try StandardOutput.writeValues(matches, terminator: terminator, quietWhenPipeCloses: true)
            throw ExitCode(matches.isEmpty ? ExitStatus.cancelled.code : 0)
        } catch let error as SourceParseError {
            Diagnostics.report("standard input: \(error.message)")
            throw ExitCode(ExitStatus.badSpec.code)
        }
    }
}

extension PreviewPlacement: ExpressibleByArgument {}
extension ColourChoice: ExpressibleByArgument {}
extension FindQuery.Algorithm: ExpressibleByArgument {}
extension InlineHeight: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension SpecLoader {
    /// The spec a command is given: a file, a folder, or `-` for standard input. A failure is
    /// reported on standard error and ends the command with the spec error's exit status.
    func loadFirst(_ spec: String) throws -> Spec {
        do {
            return spec == "-" ? try loadStandardInput() : try loadNamed(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
