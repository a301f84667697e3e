/// What the status line says of work going on when nothing else is said: the spinner beside a
/// running handler or a capture's command, with the handler's progress.
enum StatusLines {
    /// While handlers run: `⠋ Sync now…  Esc stops it`, with what the latest said of its
    /// progress: `⠋ Migrate… [█████░░░░░] 50% tables  Esc stops it`, fitted to `width`: the
    /// row's title gives way first (cut, down to a letter), then `Esc stops it`, then the bar
    /// (its percentage stays), so the progress stays readable on a narrow terminal.
    static func runningHandlers(_ state: AppState, width: Int = .max) -> String? {
        guard let running = state.runningHandlers.last else { return nil }
        let more = state.runningHandlers.count > 1 ? " (and \(state.runningHandlers.count - 1) more)" : ""
        let progress = running.progress.flatMap { $0.isEmpty ? nil : " " + TextFitting.sanitize($0) } ?? ""
        let label = TextFitting.sanitize(running.label)
        let gauges = running.fraction.map { [" " + ProgressReading.gauge($0, width: 10), " \(Int(($0 * 100).rounded(.down)))%"] } ?? [""]
        for gauge in gauges {
            for stop in ["  Esc stops it", ""] {
                let fixed = "\(spinner(state)) …\(gauge)\(progress)\(more)\(stop)"
                let room = width - TextWidth.of(fixed)
                // The columns left for the title (its `…` counted in `fixed`).
                guard room >= min(1, TextWidth.of(label)) else { continue }
                let fits = TextWidth.of(label) <= room
                // A cut title ends in `truncate`'s own `…`, in the place of the one after it.
                let shown = fits ? label : TextFitting.truncate(label, to: room + 1)
                let dots = fits ? "…" : ""
                return "\(spinner(state)) \(shown)\(dots)\(gauge)\(progress)\(more)\(stop)"
            }
        }
        return TextFitting.truncate("\(spinner(state))\(gauges.last ?? "")\(progress)\(more)", to: width)
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
