import ArgumentParser
import SegueCore

/// `segue completions bash|zsh|fish`: the shell's completion script, on stdout.
struct CompletionScript: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the completion script for bash, zsh or fish (make install installs them)."
    )

    @Argument(help: "bash, zsh or fish.")
    var shell: String

    func run() throws {
        guard let script = Completions.script(for: shell) else {
            Diagnostics.report("completions: expected bash, zsh or fish, found \"\(shell)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        try StandardOutput.write(script)
    }
}

/// Shell completion scripts (`segue completions bash|zsh|fish`, installed by `make install`):
/// spec files and folders for SPEC, the choices of `--preview`, `--theme` and `--color`, files
/// for `--settings`. Written here rather than generated, because `segue SPEC` leaves out the
/// default `run` subcommand, which generated scripts do not follow.
enum Completions {
    /// `run`'s options: (name, takes a value, help). A test checks them against `segue run --help`.
    static let options: [(name: String, value: String?, help: String)] = [
        ("--multi", nil, "Space marks rows; Enter prints every marked row"),
        ("--multi-limit", "n", "at most N rows can be marked"),
        ("--prompt", "text", "picking from stdin: the find line's prompt"),
        ("--header", "text", "picking from stdin: a line above the rows"),
        ("--no-sort", nil, "picking from stdin: keep the lines' order"),
        ("--header-lines", "n", "picking from stdin: the first N lines are a header"),
        ("--tac", nil, "picking from stdin: the lines last first"),
        ("--history", "file", "keep the queries Enter accepts in FILE (Ctrl-P, Ctrl-N)"),
        ("--frecency", "file", "picking from stdin: lines chosen often and lately first, kept in FILE"),
        ("--algo", "v1|v2", "how fuzzy terms match: v2 (fzf's default) or v1"),
        ("--height", "rows|percent", "draw under the prompt in this many lines, not the whole screen"),
        ("--tmux", "size", "inside tmux, open in a popup"),
        ("--filter", "query", "print the piped lines that match, without a terminal"),
        ("--read0", nil, "picking from stdin: items end with NUL"),
        ("--ansi", nil, "picking from stdin: draw the colours in the lines"),
        ("--jsonl", nil, "picking from stdin: each line is a JSON object"),
        ("--delimiter", "regex", "picking from stdin: where lines split into fields"),
        ("--with-nth", "fields", "picking from stdin: the fields each row shows"),
        ("--accept-nth", "fields", "picking from stdin: the fields Enter prints"),
        ("--nth", "fields", "picking from stdin: the fields a find reads"),
        ("--columns", "header|n|titles", "picking from stdin: show the lines as a table"),
        ("--print0", nil, "end each value printed with NUL"),
        ("--walker", "file,dir,hidden,follow", "pick from the paths under the folder you are in"),
        ("--walker-root", "dir", "the folder the walker lists"),
        ("--walker-skip", "names", "folders the walker never enters"),
        ("--bash", nil, "print the key bindings and completion for bash"),
        ("--zsh", nil, "print the key bindings and completion for zsh"),
        ("--fish", nil, "print the key bindings and completion for fish"),
        ("--select-1", nil, "choose the only row without a key"),
        ("--exit-0", nil, "exit 1 at once when there is nothing to choose"),
        ("--print-json", nil, "print chosen rows as JSON objects"),
        ("--no-exec", nil, "run no commands"),
        ("--safe", nil, "no commands, no file outside the folder of the spec"),
        ("--no-mouse", nil, "leave the mouse to the terminal"),
        ("--query", "text", "open with the find line open and TEXT typed"),
        ("--sort", nil, "order matches best first while finding"),
        ("--print-query", nil, "print the find line's text first"),
        ("--disabled", nil, "the find line's text does not filter (fzf's ripgrep launcher)"),
        ("--expect", "keys", "keys that choose as Enter does, their name printed first"),
        ("--bind", "bindings", "fzf's key bindings: KEYS:ACTION[+ACTION…], comma-separated"),
        ("--listen", "address", "let programs read and drive the session over HTTP: a port, host:port or a socket's path"),
        ("--listen-unsafe", nil, "let --listen take actions that run a command (execute, reload, become…)"),
        ("--preview", PreviewPlacement.allCases.map(\.rawValue).joined(separator: " "), "where the preview pane goes (or a command)"),
        ("--preview-window", "layout", "picking from stdin: the preview pane's layout, as fzf's"),
        ("--layout", PickerFrame.Layout.allCases.map(\.rawValue).joined(separator: " "), "picking: fzf's layout of the find line and the list"),
        ("--reverse", nil, "picking: --layout reverse"),
        ("--info", PickerFrame.Info.allCases.map(\.rawValue).joined(separator: " "), "picking: where the count of matches goes, as fzf's"),
        ("--no-info", nil, "picking: --info hidden"),
        ("--inline-info", nil, "picking: --info inline"),
        ("--separator", "text", "picking: the line beside the count"),
        ("--no-separator", nil, "picking: no line beside the count"),
        ("--no-input", nil, "picking: no find line"),
        ("--min-height", "n", "with --height in percent: at least this many lines"),
        ("--border", PickerFrame.BorderStyle.allCases.map(\.rawValue).joined(separator: " "), "picking: fzf's border around the picker"),
        ("--border-label", "text", "picking: a label on the border"),
        ("--border-label-pos", "n[:top|bottom]", "picking: where the border's label goes"),
        ("--margin", "trbl", "picking: blank space around the border"),
        ("--padding", "trbl", "picking: blank space inside the border"),
        ("--theme", Theme.named.map(\.name).joined(separator: " "), "a built-in theme"),
        ("--color", ColourChoice.allCases.map(\.rawValue).joined(separator: " "), "when to use colour"),
        ("--ascii", nil, "draw with ASCII only"),
        ("--plain", nil, "numbered lines and a prompt instead of a full screen"),
        ("--watch", nil, "reload a screen when its spec changes on disk, show template warnings"),
        ("--open", "path", "open with these screens stacked"),
        ("--select", "id", "select the row with this id or title"),
        ("--settings", "path", "the settings file"),
        ("--help", nil, "show help"),
    ]

    /// `segue edit`'s options, completed after `edit`.
    static let editOptions: [(name: String, value: String?, help: String)] = [
        ("--schema", "path", "the JSON Schema that describes FILE"),
        ("--force", nil, "save even while the file has problems by the schema"),
        ("--help", nil, "show help"),
    ]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    private static var choices: [(String, String)] {
        options.compactMap { option in option.value.flatMap { $0.contains(" ") ? (option.name, $0) : nil } }
    }

    static var bash: String {
        let cases = choices.map { "        \($0.0)) COMPREPLY=($(compgen -W \"\($0.1)\" -- \"$cur\")); return ;;" }
            .joined(separator: "\n")
        return """
            # bash completion for segue
            _segue() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                # `segue do SPEC ROW`: the row paths the spec tree reaches (`segue do SPEC --list`).
                if [[ "${COMP_WORDS[1]}" == do && $COMP_CWORD -eq 3 && "$cur" != -* ]]; then
                    local IFS=$'\n'
                    COMPREPLY=($(compgen -W "$(segue do "${COMP_WORDS[2]}" --list 2>/dev/null | cut -f1)" -- "$cur"))
                    return
                fi
                if [[ "${COMP_WORDS[1]}" == edit ]]; then
                    compopt -o filenames
                    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(editOptions.map(\.name).joined(separator: " "))" -- "$cur"))
                    else COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.json' -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur")); fi
                    return
                fi
                case "$prev" in
            \(cases)
                    --settings) compopt -o filenames; COMPREPLY=($(compgen -f -- "$cur")); return ;;
                    --query) return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(options.map(\.name).joined(separator: " "))" -- "$cur"))
                    return
                fi
                # A spec: a .json or .yaml file, a folder (holding main.json), or a subcommand first.
                compopt -o filenames
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.json' -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur") $(compgen -f -X '!*.yml' -- "$cur"))
                if [[ $COMP_CWORD -eq 1 ]]; then COMPREPLY+=($(compgen -W "run choose confirm input form write spin progress do forget edit check" -- "$cur")); fi
            }
            complete -F _segue segue

            """
    }

    static var zsh: String {
        let specs = options.map { option -> String in
            let help = option.help.inZshSpec
            guard let value = option.value else { return "    '\(option.name)[\(help)]'" }
            if value.contains(" ") { return "    '\(option.name)[\(help)]:\(option.name.dropFirst(2)):(\(value))'" }
            return "    '\(option.name)[\(help)]:\(value):\(value == "path" ? "_files" : "")'"
        }
        let edit = editOptions.map { option in
            "'\(option.name)[\(option.help.inZshSpec)]\(option.value == nil ? "" : ":\(option.value ?? ""):_files")'"
        }
        return """
            #compdef segue
            # zsh completion for segue
            if [[ $words[2] == edit ]]; then
                _arguments -s \(edit.joined(separator: " ")) '*:file:_files'
                return
            fi
            if [[ $words[2] == do && $CURRENT -eq 4 && $PREFIX != -* ]]; then
                local -a rows
                rows=("${(@f)$(segue do ${(Q)words[3]} --list 2>/dev/null | cut -f1)}")
                compadd -a rows
                return
            fi
            _arguments -s \\
            \(specs.joined(separator: " \\\n")) \\
                '1:spec:_files -g "*.(json|yaml|yml)(-.)" -/' \\
                '*::'

            """
    }

    static var fish: String {
        let lines = options.map { option -> String in
            let name = option.name.dropFirst(2)
            let help = option.help.inFishQuotes
            guard let value = option.value else { return "complete -c segue -l \(name) -d '\(help)'" }
            if value.contains(" ") { return "complete -c segue -l \(name) -xa '\(value)' -d '\(help)'" }
            return "complete -c segue -l \(name) -r\(value == "path" ? "F" : "f") -d '\(help)'"
        }
        return """
            # fish completion for segue
            complete -c segue -f -a '(__fish_complete_suffix .json; __fish_complete_suffix .yaml; __fish_complete_suffix .yml; __fish_complete_directories)'
            complete -c segue -n '__fish_use_subcommand' -a 'run choose confirm input form write spin progress do forget edit check'
            complete -c segue -n '__fish_seen_subcommand_from do; and test (count (commandline -opc)) -eq 3' -f -a '(segue do (commandline -opc)[3] --list 2>/dev/null | cut -f1)'
            \(lines.joined(separator: "\n"))
            \(editOptions.map { option in
                "complete -c segue -n '__fish_seen_subcommand_from edit' -l \(option.name.dropFirst(2))\(option.value == nil ? "" : " -rF") -d '\(option.help.inFishQuotes)'"
            }.joined(separator: "\n"))

            """
    }
}

private extension String {
    /// A help text as an `_arguments` spec's description, inside single quotes: `:` is its
    /// separator (a comma instead), `[` and `]` bound the description (escaped), and a quote
    /// ends the shell's quoting (`'\''`: "fzf's").
    var inZshSpec: String {
        var text = ""
        for character in self {
            switch character {
            case ":": text += ","
            case "[", "]": text += "\\" + String(character)
            case "'": text += "'\\''"
            default: text.append(character)
            }
        }
        return text
    }

    /// A help text inside fish's single quotes, where a quote and a backslash are escaped.
    var inFishQuotes: String {
        var text = ""
        for character in self {
            if character == "'" || character == "\\" { text += "\\" }
            text.append(character)
        }
        return text
    }
}
