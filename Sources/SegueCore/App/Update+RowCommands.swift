/// Commands that rows run (`progress` rows: `RowCommand`): starting them as their screen opens,
/// taking in their output and their end, and stopping them when the user says so.
enum RowCommands {
    /// The screen at `key`'s screen id and the full row its command is for, when it is the row's
    /// current run.
    private static func rowCommand(for key: SourceKey, in stack: [Screen]) -> (screen: Int, row: Int)? {
        guard key.section == RowCommand.section, let screen = stack.firstIndex(where: { $0.id == key.screen }),
              let row = stack[screen].commands.first(where: { $0.value.key == key })?.key else { return nil }
        return (screen, row)
    }

    /// More output of a row's command: it moves the bar or says what it does.
    static func read(_ key: SourceKey, _ bytes: [UInt8], _ stack: inout [Screen]) {
        guard let (screen, row) = rowCommand(for: key, in: stack) else { return }
        stack[screen].commands[row]?.progress.read(bytes)
    }

    /// A row's command has ended: `✓`, or `✗` with its status and last line of errors.
    static func finish(_ key: SourceKey, _ run: CommandRun, _ state: inout AppState) {
        guard let (screen, row) = rowCommand(for: key, in: state.stack), var command = state.stack[screen].commands[row],
              command.phase == .running else { return }
        command.progress.read([0x0A])  // a last line without its line feed still counts
        if let reason = run.reason {
            command.phase = .failed(reason)
        } else if run.status == 0 {
            command.phase = .succeeded
        } else {
            let errors = String(decoding: run.bytes(of: .errors), as: UTF8.self)
            let last = errors.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
            command.phase = .failed("exit \(run.status)" + (last.map { ": " + $0 } ?? ""))
        }
        state.stack[screen].commands[row] = command
        // Said in the status line too: the row may be out of sight, and plain mode shows no bar.
        guard screen == state.stack.count - 1 else { return }
        let title = TextFitting.sanitize(state.current.boundRow(full: row).row.title)
        if case .failed(let why) = command.phase {
            state.setStatus(.error(title + ": " + TextFitting.sanitize(why)))
        } else {
            state.setStatus(StatusMessage("✓ " + title + (command.progress.message.map { ": " + TextFitting.sanitize($0) } ?? "")))
        }
    }

    /// `screen`'s rows whose commands are running, by full row.
    static func running(on screen: Screen) -> [Int] {
        screen.commands.filter { $0.value.phase == .running }.keys.sorted()
    }

    /// Esc while a row's command runs: asks whether to stop it before it means going back.
    static func askToStop(_ rows: [Int], _ state: inout AppState) -> [Effect] {
        let title = rows.count == 1 ? "“" + state.current.boundRow(full: rows[0]).row.title + "”" : "\(rows.count) running commands"
        state.pendingConfirmation = .init(action: RowAction(.back), row: nil, stopsCommands: true)
        state.setStatus(.warning("Stop \(TextFitting.sanitize(title))? (\(state.current.keymap.confirmLabel)/N)"))
        return []
    }

    /// Yes to "Stop …?": `screen`'s running row commands are stopped (the current one's); the screen stays.
    static func stop(on screen: inout Screen) -> [Effect] {
        running(on: screen).compactMap { row in
            guard let key = screen.commands[row]?.key else { return nil }
            screen.commands[row]?.phase = .stopped
            return .cancelSource(key)
        }
    }

    /// The current screen's rows with `"start": "onOpen"` run their commands as it opens.
    static func startOnOpen(screenAt index: Int, _ state: inout AppState) -> [Effect] {
        guard state.stack[index].spec.startsCommandsOnOpen else { return [] }
        var effects: [Effect] = []
        let screen = state.stack[index]
        for full in 0..<min(screen.fullLayout.rowCount, 10_000) {
            let bound = screen.boundRow(full: full)
            guard bound.style == .progress, bound.row.attributes["start"] == .string("onOpen"),
                  screen.commands[full] == nil else { continue }
            effects += RowCommand.start(bound.row, fullRow: full, onScreenAt: index, &state)
        }
        return effects
    }
}
