extension ExecCommand {
    /// The command as a person would type it (arguments quoted as a shell reads them), at most
    /// `limit` characters of it (then `…`), made from the arguments' starts only: what the status
    /// line shows of a command whose argument is 10 MB costs what the line holds, not the argument.
    package func display(characters limit: Int) -> String {
        var shown = ""
        var count = 0
        for argument in arguments {
            if count > 0 {
                shown += " "
                count += 1
            }
            let room = limit - count
            guard room > 0 else { return shown + "…" }
            let start = argument.prefix(room + 1)
            let cut = start.count > room
            var part = String(start.prefix(room))
            if part.isEmpty || part.contains(where: { " \"'\\$`;&|<>()*?".contains($0) }) {
                part = "'" + part.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + (cut ? "" : "'")
            }
            shown += part
            count += part.count
            if cut || count > limit { return String(shown.prefix(limit)) + "…" }
        }
        return shown
    }
}
