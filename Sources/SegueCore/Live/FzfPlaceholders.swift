/// fzf's placeholders in a command written for lines piped in (`--preview 'bat {1} -H {2}'`),
/// turned into Segue's templates, each value quoted for `sh` as fzf quotes it:
///
/// - `{}` the line; `{q}` what the find line holds;
/// - `{2}`, `{-1}`, `{2..}`, `{..-2}` fields, as `--with-nth` counts them (trimmed, as fzf's);
/// - `{+}` every marked row's value (the selected one's when none is marked), separated by
///   spaces.
///
/// The `s` flag (keep the field's blanks) is accepted; anything else in braces (an awk script's
/// `{print $1}`) is left as it is, and so is a placeholder after a backslash (`\{q}`), without it.
package enum FzfPlaceholders {
    /// The shell fzf runs a command line with: `$SHELL`, else `sh` (a template, bound with the
    /// row), so a preview written for fzf (`[[ … ]]`, `$BASH_VERSION`) runs the same.
    package static let shell = "{{either(env.SHELL, 'sh')}}"

    /// `quoted: false` leaves values bare, for what is not a command (`--preview-window`'s
    /// `+{2}-5`). Everything else is passed as written, as fzf passes it: a `{{env.X}}` or a Go
    /// template in the command is text, not one of Segue's placeholders (it would land in
    /// `sh -c` unquoted).
    ///
    /// `withoutEscapes`: the lines hold colours (`--ansi`), and `{}` is the line without its
    /// escape codes, as fzf's is (fields are split from that text already: `LiveSource.item`).
    package static func template(_ command: String, quoted: Bool = true, withoutEscapes: Bool = false) -> String {
        var literal = ""
        var output = ""
        var rest = Substring(command)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let replacement = replacement(for: rest[rest.index(after: open)..<close], quoted: quoted, withoutEscapes: withoutEscapes) else {
                literal.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            // `\{q}` is the placeholder as written, without its backslash (fzf's escape: a
            // `transform` prints actions whose own placeholders are bound when they run).
            if literal.last == "\\" {
                literal.removeLast()
                literal += rest[open...close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            output += Template.verbatim(literal, beforePlaceholder: true) + replacement
            literal = ""
            rest = rest[rest.index(after: close)...]
        }
        return output + Template.verbatim(literal + rest)
    }

    /// The template for what is between the braces; `nil` when it is not a placeholder.
    private static func replacement(for inside: Substring, quoted: Bool, withoutEscapes: Bool) -> String? {
        var body = inside
        var marked = false
        var keepsBlanks = false
        while let flag = body.first, "+s".contains(flag) {
            if flag == "+" { marked = true } else { keepsBlanks = true }
            body = body.dropFirst()
        }
        let value: String
        switch body {
        case "": value = withoutEscapes ? "plain(item.line)" : "item.line"
        case "q": value = "query"
        default:
            guard FieldIndexes.isValid(String(body)), !body.contains(",") else { return nil }
            value = "pick(item.fields, '\(body)')"
        }
        if marked { return body.isEmpty ? "{{shell(marked)}}" : nil }
        let text = keepsBlanks || body.isEmpty || body == "q" ? value : "trim(\(value))"
        return quoted ? "{{shell(\(text))}}" : "{{\(text)}}"
    }
}
