/// A command a row runs while its screen shows (a `progress` row): how far it says it is, and
/// how it ended. Kept by the screen (`Screen.commands`, by full row), so it survives scrolling
/// and a find; it ends with its screen (the screen's loads are cancelled when it goes).
struct RowCommand: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        case running
        case succeeded
        /// Its status and last line of errors, or why it could not start.
        case failed(String)
        /// Stopped by the user.
        case stopped
    }

    /// Its load: the screen's id, the row's place among loads, and which run of the row it is.
    var key: SourceKey
    var phase: Phase = .running
    var progress = ProgressReading()
    /// The spinner's frame while no figure has come.
    var frame = 0

    /// Row commands are loads at a place no section has; each run of any row of a screen has a
    /// generation of its own, so an answer finds its run wherever its row has moved since.
    static let section = -1000

    /// What shows at the row's right, in at most `width` cells.
    func summary(width: Int) -> String {
        switch phase {
        case .running:
            let words = progress.message.map(TextFitting.sanitize)
            guard let fraction = progress.fraction else {
                return (words.map { $0 + " " } ?? "") + String(LiveFeed.spinner[frame % LiveFeed.spinner.count])
            }
            let percent = " \(Int((fraction * 100).rounded(.down)))%"
            // Too narrow for a bar of 3 cells: the figure alone.
            guard width >= percent.count + 5 else { return String(percent.dropFirst()) }
            // With words beside it, the bar takes half of the room at most.
            let room = width - percent.count - 2
            let barWidth = max(3, min(20, words == nil ? room : room / 2))
            let bar = ProgressReading.gauge(fraction, width: barWidth)
            guard let words, width - TextWidth.of(bar) > 6 else { return bar }
            return TextFitting.truncate(words, to: width - TextWidth.of(bar) - 2) + "  " + bar
        case .succeeded:
            return "✓ " + (progress.message.map(TextFitting.sanitize) ?? "done")
        case .failed(let why):
            return "✗ " + TextFitting.sanitize(why)
        case .stopped:
            return "✗ stopped"
        }
    }

    /// Runs `row`'s command for the full row `fullRow` of the screen at `index`; a row whose
    /// command is running is left to it.
    static func start(_ row: Row, fullRow: Int, onScreenAt index: Int, _ state: inout AppState) -> [Effect] {
        if state.stack[index].commands[fullRow]?.phase == .running {
            state.setStatus(StatusMessage("already running: Esc asks to stop it"))
            return []
        }
        guard case .array(let parts)? = row.attributes["command"], !parts.isEmpty else {
            state.setStatus(.error("this progress row has no \"command\" to run"))
            return []
        }
        let command = parts.map { $0.stringValue ?? Template.text(of: $0) }
        guard state.options.allowExec else {
            state.setStatus(.error(state.options.commandsOff + ": " + ExecCommand(arguments: command).display))
            return []
        }
        let screen = state.stack[index]
        let generation = (screen.commands.values.map(\.key.generation).max() ?? -1) + 1
        let key = SourceKey(screen: screen.id, section: section, generation: generation)
        var request = SourceRequest(key: key, origin: .command(command), format: .lines, directory: screen.spec.commandDirectory,
                                    environment: [:], timeout: nil)
        request.capturesOutput = true
        state.stack[index].commands[fullRow] = RowCommand(key: key)
        return [.startSource(request)]
    }
}
