/// What the status line says of work going on when nothing else is said: the spinner beside a
/// running handler or a capture's command, with the handler's progress.
enum StatusLines {
    /// While handlers run: `⠋ Sync now…  Esc stops it`, with what the latest said of its
    /// progress: `⠋ Migrate… [█████░░░░░] 50% tables  Esc stops it`.
    static func runningHandlers(_ state: AppState) -> String? {
        guard let running = state.runningHandlers.last else { return nil }
        let more = state.runningHandlers.count > 1 ? " (and \(state.runningHandlers.count - 1) more)" : ""
        let gauge = running.fraction.map { " " + ProgressReading.gauge($0, width: 10) } ?? ""
        let progress = running.progress.flatMap { $0.isEmpty ? nil : " " + TextFitting.sanitize($0) } ?? ""
        return "\(spinner(state)) \(TextFitting.sanitize(running.label))…\(gauge)\(progress)\(more)  Esc stops it"
    }

    /// While a capture's (or a spec command's) command runs: `⠋ whoami…  Esc stops it`.
    static func capturing(_ state: AppState) -> String? {
        guard let arguments = state.capturing?.command.arguments ?? state.specCommand?.arguments else { return nil }
        return "\(spinner(state)) \(TextFitting.sanitize(ExecCommand(arguments: arguments).display))…  Esc stops it"
    }

    private static func spinner(_ state: AppState) -> String {
        String(LiveFeed.spinner[state.handlerFrame % LiveFeed.spinner.count])
    }
}
