/// `segue spin --title "Building…" -- make`: a spinner and a title under the prompt while a
/// command runs, gum's `spin`. The command runs as a live section's command does (no shell, its
/// own process group, read without blocking: `Effect.startSource`), but with its output kept
/// whole (`SourceRequest.capturesOutput`); its end (`Event.commandFinished`) ends the session with
/// its status, passing on what it wrote (`output(of:)`). Esc stops it (exit 1), Ctrl-C too (130):
/// the session's end kills its whole group.
package struct SpinQuestion: Equatable, Sendable {
    /// The words beside the spinner (`--title`).
    package var title: String
    /// The command's argv, program first.
    package var command: [String]
    /// Its standard output is printed on success too (`--show-output`), as gum's.
    package var showsOutput: Bool
    /// `segue progress`: the command's lines say how far it is (`42`, `42%`, `3/8`), drawn as a
    /// bar, as dialog's `--gauge` reads them; its other lines show as what it is doing.
    package var readsProgress: Bool

    package init(title: String, command: [String], showsOutput: Bool = false, readsProgress: Bool = false) {
        self.title = title
        self.command = command
        self.showsOutput = showsOutput
        self.readsProgress = readsProgress
    }

    /// How far a line says the command is (0…1), or `nil` when it says something else: a number
    /// alone (`42`, a percentage as dialog's gauge reads it), `42%` anywhere in it (curl, pip,
    /// rsync), or `3/8` at its start.
    static func progress(in line: Substring) -> Double? {
        let text = String(line).trimmingSpaces()
        if let number = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(number) {
            return number / 100
        }
        let parts = text.split(separator: "/", maxSplits: 1)
        if parts.count == 2, let done = Double(String(parts[0]).trimmingSpaces()),
           let total = Double(parts[1].prefix { $0.isNumber || $0 == "." }), total > 0, done >= 0 {
            return min(1, done / total)
        }
        if let percent = text.firstIndex(of: "%") {
            let digits = text[..<percent].reversed().prefix { $0.isNumber || $0 == "." }
            if let number = Double(String(digits.reversed())), (0...100).contains(number) { return number / 100 }
        }
        return nil
    }

    /// The screen behind the spinner: empty, nothing to find.
    package static func spec() -> Spec { WriteQuestion.spec() }

    /// Where the command's load stands among a screen's loads (a section's place no section has).
    static let section = -2

    /// The command's load, for the screen `screen`, run in the folder Segue runs in.
    func request(screen: Int) -> SourceRequest {
        var request = SourceRequest(key: SourceKey(screen: screen, section: Self.section, generation: 0),
                                    origin: .command(command), format: .lines, directory: ".", environment: [:], timeout: nil)
        request.capturesOutput = true
        return request
    }

    /// What is printed once the command has ended: on success nothing, or with `--show-output`
    /// its standard output as it wrote it; on failure its standard output and error as they came,
    /// on standard error (with `--show-output`, its standard output still on standard output);
    /// why it could not start, on standard error.
    package func output(of run: CommandRun) -> RelayedOutput {
        if let reason = run.reason {
            return RelayedOutput(errors: Array("segue spin: \(reason)\n".utf8))
        }
        if run.status == 0 {
            return RelayedOutput(output: showsOutput ? run.bytes(of: .output) : [])
        }
        if showsOutput { return RelayedOutput(output: run.bytes(of: .output), errors: run.bytes(of: .errors)) }
        return RelayedOutput(errors: run.chunks.flatMap(\.bytes))
    }
}

/// The command running behind the spinner: the mode `segue spin` stands in.
struct Spinning: Sendable {
    var question: SpinQuestion
    var key: SourceKey
    /// The spinner's frame.
    var frame = 0
    /// How far the command says it is (`segue progress`), once a line has said it.
    var fraction: Double?
    /// Its last line that was not a figure: what it is doing.
    var message: String?
    /// Output not yet ended by a line break.
    var partial: [UInt8] = []
}

/// Output of `segue progress`'s command: each finished line (ended by a line feed or a carriage
/// return, as progress meters redraw) moves the bar or says what it does.
func readProgress(_ key: SourceKey, _ bytes: [UInt8], _ state: inout AppState) {
    guard case .spinning(var spinning)? = state.mode, spinning.key == key, spinning.question.readsProgress else { return }
    spinning.partial += bytes
    while let end = spinning.partial.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
        let line = String(decoding: spinning.partial[..<end], as: UTF8.self)
        spinning.partial.removeSubrange(...end)
        if let fraction = SpinQuestion.progress(in: line[...]) {
            spinning.fraction = fraction
        } else if !line.allSatisfy(\.isWhitespace) {
            spinning.message = line
        }
    }
    // A meter that never ends its line keeps no more than a line's worth.
    if spinning.partial.count > 4096 { spinning.partial.removeFirst(spinning.partial.count - 4096) }
    state.mode = .spinning(spinning)
}

/// A key while the command runs: Esc (the screen's cancel) stops it; nothing else does anything
/// (Ctrl-C, answered before any mode, stops it too).
func spinningKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    state.current.keymap.command(for: key) == .cancel ? [.quit(.cancelled)] : []
}

/// The command has ended: the session ends with its status, passing on what it wrote.
func finishSpinning(_ key: SourceKey, _ run: CommandRun, _ state: inout AppState) -> [Effect] {
    guard case .spinning(let spinning)? = state.mode, spinning.key == key else { return [] }
    return [.relay(ExitStatus(run.status), spinning.question.output(of: run))]
}

/// Opens the question that is the whole session (`AppOptions.oneShot`): the text to write, or the
/// command to run behind the spinner.
func open(_ oneShot: AppOptions.OneShot, _ state: inout AppState) -> [Effect] {
    switch oneShot {
    case .write(let question):
        var writing = Writing(question: question, area: question.area())
        scrollWriting(&writing, size: state.size)
        state.mode = .writing(writing)
        return []
    case .spin(let question):
        let request = question.request(screen: state.current.id)
        state.mode = .spinning(Spinning(question: question, key: request.key))
        return [.startSource(request)]
    }
}

extension AppState {
    /// Whether a one-shot question stands in front (`segue write`, `segue spin`): it is all there is.
    var isOneShot: Bool {
        switch mode {
        case .writing?, .spinning?: return true
        default: return false
        }
    }
}
