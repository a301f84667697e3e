/// fzf's `transform` actions: a command runs in the background, without the terminal, and what
/// it prints becomes actions (`transform`, read as `--bind` reads them) or a value
/// (`transform-query`, `-prompt`, `-header`); the actions after it in its list wait for it,
/// as fzf runs them in order. A newer transform stops an older one, whose answer is then
/// dropped (by the key's generation).

/// The transform command running, and what its output becomes.
struct Transforming: Sendable {
    var key: SourceKey
    var target: TransformTarget
    /// The key's or event's name, for `SEGUE_KEY` in what its actions run.
    var trigger: String
}

extension SourceKey {
    /// A transform's command belongs to no screen.
    static let transformScreen = -4
    /// Nor does a background transform's (`bg-transform…`).
    static let backgroundTransformScreen = -5
}

extension Bindings {
    /// The most a transform's command may print; it is stopped there.
    static let transformOutputLimit = 1_048_576

    /// Starts `command` (fzf's placeholders bound, the picker's state in its environment) for
    /// `target`; one running at a time, a newer one stopping the older.
    /// A `background` one (`bg-transform…`) holds neither keys nor the rest of its list, and
    /// stops only an older background one.
    static func startTransform(_ command: String, into target: TransformTarget, action: BindAction, trigger: String,
                               background: Bool = false, _ state: inout AppState) -> [Effect] {
        let arguments = shellCommand(command, action: action, trigger: trigger, state)
        guard state.options.allowExec else {
            state.setStatus(.error(state.options.commandsOff + ": " + command))
            return []
        }
        let older = background ? state.backgroundTransforming : state.transforming
        let stopped = older.map { [Effect.cancelSource($0.key)] } ?? []
        let screen = background ? SourceKey.backgroundTransformScreen : SourceKey.transformScreen
        let key = SourceKey(screen: screen, section: 0, generation: state.captureRuns)
        state.captureRuns += 1
        var request = SourceRequest(key: key, origin: .command(arguments), format: .lines,
                                    directory: state.current.spec.commandDirectory, environment: [:], timeout: nil)
        request.capturesOutput = true
        request.outputLimit = transformOutputLimit
        let running = Transforming(key: key, target: target, trigger: trigger)
        if background { state.backgroundTransforming = running } else { state.transforming = running }
        return stopped + [.startSource(request)]
    }

    /// A transform's command has ended: its output performed as actions, or set as the value,
    /// then the rest of its list. `nil` when `key` is no transform's; nothing for an older one.
    static func transformed(_ key: SourceKey, _ run: CommandRun, _ state: inout AppState) -> [Effect]? {
        let background = key.screen == SourceKey.backgroundTransformScreen
        guard key.screen == SourceKey.transformScreen || background else { return nil }
        guard let running = background ? state.backgroundTransforming : state.transforming, running.key == key else { return [] }
        if background { state.backgroundTransforming = nil } else { state.transforming = nil }
        let output = String(decoding: run.bytes(of: .output), as: UTF8.self)
        // fzf takes the output whatever the exit status; a value is its first line.
        let firstLine = String(output.prefix { !$0.isNewline })
        var actions: [BindAction]
        switch running.target {
        case .query: actions = [.changeQuery(firstLine)]
        case .prompt: actions = [.changePrompt(firstLine)]
        case .header: actions = [.changeHeader(output.trimmingNewlines)]
        case .search: actions = [.search(firstLine)]
        case .nth: actions = [.changeNth(firstLine)]
        case .actions:
            let text = String(output.drop(while: \.isNewline)).trimmingNewlines
            do throws(BindParser.Problem) {
                actions = text.isEmpty ? [] : try BindParser.actions(text)
            } catch {
                state.setStatus(.error("transform: \(error.message) at column \(error.column) of \"\(TextFitting.sanitize(text))\""))
                actions = []
            }
        }
        // A background one's list went on without it: only what it printed is performed.
        if background { return perform(actions[...], trigger: running.trigger, &state) }
        let rest = state.bindingsWaiting
        state.bindingsWaiting = nil
        let list = actions + (rest?.actions ?? [])
        return perform(list[...], trigger: rest?.trigger ?? running.trigger, &state)
    }
}

private extension String {
    /// The string without the line ends at its end (`\r\n` is one character to Swift).
    var trimmingNewlines: String {
        var text = Substring(self)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}
