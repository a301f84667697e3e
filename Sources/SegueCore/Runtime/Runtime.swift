/// The one effect loop: feeds events to `update` and carries out the effects it returns through a
/// `World`, feeding their answers back, until nothing is left to do or the session ends.
///
/// The terminal app, `HeadlessSession` and the live-section benchmark run on it (the per-key
/// benchmarks time `update` and `render` alone, which ask for no effects), so a library test and the
/// real app cannot drift apart in what an effect means.
package struct Runtime<W: World> {
    package private(set) var state: AppState
    package var world: W
    /// Set once the session has ended (a quit or an emit); later events are ignored.
    package private(set) var outcome: SessionOutcome?
    /// Whether the terminal was given away (a command ran, the process was suspended) since the
    /// last `takeTerminalWasLent()`, so the screen must be drawn again from scratch.
    package private(set) var terminalWasLent = false
    /// What the session kept between runs and could not write (a query, a row chosen), each
    /// said once: told as the session ends (`SessionOutcome.notKept`).
    package private(set) var notKept: [String] = []

    package init(state: AppState, world: W) {
        self.state = state
        self.world = world
    }

    /// Handles `event` and everything it leads to.
    package mutating func send(_ event: Event) {
        guard outcome == nil else { return }
        var queue = update(&state, event)
        var next = 0
        while next < queue.count, outcome == nil {
            let effect = queue[next]
            next += 1
            queue += perform(effect)
        }
        // The values the rows were left at end with the session.
        outcome?.values = state.settings.values
        outcome?.notKept = notKept
    }

    /// Reads and clears `terminalWasLent`.
    package mutating func takeTerminalWasLent() -> Bool {
        defer { terminalWasLent = false }
        return terminalWasLent
    }

    /// Carries out one effect; returns the effects that its answer leads to.
    private mutating func perform(_ effect: Effect) -> [Effect] {
        switch effect {
        case .quit(let status):
            outcome = SessionOutcome(status: status, emitted: [])
            return []
        case .emit(let lines, let status):
            outcome = SessionOutcome(status: status, emitted: lines)
            return []
        case .finish(let value):
            outcome = SessionOutcome(status: .success, emitted: [], finished: value)
            return []
        case .relay(let status, let output):
            outcome = SessionOutcome(status: status, emitted: [], relayed: output)
            return []
        case .become(let command, let directory):
            outcome = SessionOutcome(status: .success, emitted: [], replacement: (command, directory))
            return []
        case .loadSpec(let path):
            return update(&state, .specLoaded(path: path, world.loadSpec(path: path)))
        case .parseSpec(let bytes, let file, let command):
            let result = world.parseSpec(bytes, file: file).map { spec in
                var made = spec
                made.madeBy = command
                return made
            }
            return update(&state, .specLoaded(path: file, result))
        case .readSettings(let path):
            return world.readSettings(path: path).map { update(&state, .settingsRead($0)) } ?? []
        case .saveSettings(let settings):
            let saved = world.saveSettings(settings)
            return update(&state, .settingsSaved(saved.problem, followed: saved.followed, wouldLose: saved.wouldLose))
        case .callHandler(let name, let row):
            switch world.callHandler(name: name, row: row) {
            case .finished(let actions): return update(&state, .handlerFinished(name: name, row: row, actions))
            case .started(let task): return update(&state, .handlerStarted(name: name, row: row, task: task))
            }
        case .cancelHandler(let task):
            world.cancelHandler(task: task)
        case .answerHandler(let task, let answer):
            world.answerHandler(task: task, with: answer)
        case .exec(let command, let directory):
            let result = world.runCommand(command, in: directory)
            terminalWasLent = true
            return update(&state, .resize(world.size)) + update(&state, .execFinished(result))
        case .bell:
            world.ringBell()
        case .replyRemote(let id, let reply):
            world.replyRemote(id, reply)
        case .suspend:
            world.suspend()
            terminalWasLent = true
            return update(&state, .resize(world.size))
        case .startSource(let request):
            world.startSource(request)
        case .cancelSource(let key):
            world.cancelSource(key)
        case .cancelSources(let screen):
            world.cancelSources(screen: screen)
        case .startTimer(let key, let seconds):
            world.startTimer(key, seconds: seconds)
        case .recordQuery(let query, let screen, let file):
            note(world.recordQuery(query, for: screen, in: file))
        case .remember(let change, let file):
            note(world.remember(change, in: file))
        }
        return []
    }

    private mutating func note(_ problem: String?) {
        if let problem, !notKept.contains(problem) { notKept.append(problem) }
    }
}
