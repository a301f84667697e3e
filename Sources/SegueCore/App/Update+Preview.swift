/// The preview pane: it follows the selected row; a command's preview runs once the selection
/// rests, as a load of its own (the previous one stopped, a stale answer dropped by generation),
/// and its output is kept in the session's `PreviewCache` (64 MB in all) while its screen lives.
enum Preview {
    /// After every event: when the selected row's preview changed, the pane shows the new one.
    /// Costs one binding of the selected row.
    static func followSelection(_ state: inout AppState) -> [Effect] {
        guard !state.previewHidden, state.options.preview != .off else { return [] }
        let wanted = state.current.selection.flatMap { state.current.preview(ofRow: $0) }
        let before = state.current.preview
        let wasShown = before.hasShown
        var effects: [Effect] = []
        switch wanted {
        case nil:
            guard before.spec != nil || before.phase != .none else { return [] }
            effects += stop(on: state.current)
            _ = state.current.preview.show(nil)
        case .failure(let problem)?:
            guard before.phase != .failed("\(problem.path): \(problem.message)") else { return [] }
            effects += stop(on: state.current)
            _ = state.current.preview.show(nil, problem: "\(problem.path): \(problem.message)")
        case .success(let spec)?:
            guard spec != before.spec || before.phase == .none else { return [] }
            effects += stop(on: state.current)
            let cached = state.previewCache.lines(for: PreviewCache.Key(screen: state.current.id, spec: spec))
            if state.current.preview.show(spec, cached: cached) {
                effects.append(.startTimer(TimerKey(screen: state.current.id, generation: state.current.preview.generation,
                                                    purpose: .preview), seconds: PreviewState.delay))
            }
        }
        // The pane just appeared: the list is narrower or shorter now.
        if !wasShown, state.current.preview.hasShown { state.current.scrollToSelection(in: state.listViewport) }
        return effects
    }

    /// What stops `screen`'s preview command, if one runs (the screen itself is left as it is).
    static func stop(on screen: Screen) -> [Effect] {
        guard screen.preview.phase == .loading else { return [] }
        return [.cancelSource(.preview(screen: screen.id, generation: screen.preview.generation))]
    }

    /// The selection rested: the preview's command runs, unless it is stale or commands are off.
    static func run(_ key: TimerKey, _ state: inout AppState) -> [Effect] {
        guard key.screen == state.current.id, let spec = state.current.preview.spec,
              case .command(let arguments) = spec.origin, state.current.preview.start(generation: key.generation) else { return [] }
        guard state.options.allowExec else {
            state.current.preview.refuse(state.options.commandsOff + ": " + ExecCommand(arguments: arguments).display)
            return []
        }
        return [.startSource(SourceRequest(
            key: .preview(screen: key.screen, generation: key.generation), origin: .command(arguments), format: .lines,
            directory: state.current.spec.commandDirectory, environment: [:], timeout: nil))]
    }

    /// Output of a preview command: added to its screen's pane (a stale one's is dropped).
    static func receive(_ lines: [String], for key: SourceKey, _ state: inout AppState) -> [Effect] {
        guard let index = state.stack.firstIndex(where: { $0.id == key.screen }) else { return [] }
        guard state.stack[index].preview.receive(lines, generation: key.generation) else {
            // Cut at its line limit: done, and kept as cut.
            remember(of: index, &state)
            return [.cancelSource(key)]
        }
        return []
    }

    /// A preview command ended.
    static func finish(_ outcome: SourceOutcome, for key: SourceKey, _ state: inout AppState) -> [Effect] {
        guard let index = state.stack.firstIndex(where: { $0.id == key.screen }) else { return [] }
        guard state.stack[index].preview.generation == key.generation, state.stack[index].preview.phase == .loading else { return [] }
        state.stack[index].preview.finish(outcome, generation: key.generation)
        remember(of: index, &state)
        return []
    }

    /// The finished output of screen `index`'s preview command, kept for when its row is selected again.
    private static func remember(of index: Int, _ state: inout AppState) {
        guard let (spec, lines) = state.stack[index].preview.finishedOutput else { return }
        state.previewCache.remember(lines, for: PreviewCache.Key(screen: state.stack[index].id, spec: spec),
                                    screens: Set(state.stack.map(\.id)))
    }

    /// Ctrl-O: hides the pane (its command stopped) or shows it again.
    static func toggle(_ state: inout AppState) -> [Effect] {
        state.previewHidden.toggle()
        var effects: [Effect] = []
        if state.previewHidden {
            effects = stop(on: state.current)
            // Shown again, it starts over from the selected row.
            state.current.preview.reset()
        }
        state.current.scrollToSelection(in: state.listViewport)
        return effects
    }
}
