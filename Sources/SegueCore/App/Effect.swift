/// Work that touches the world, returned by `update` for the shell to perform.
///
/// Keeping these as values is what keeps the core deterministic and testable without a terminal.
package enum Effect: Equatable, Sendable {
    /// Read the spec at `path` (a folder means its `main.json`) and answer with `Event.specLoaded`.
    case loadSpec(path: String)
    /// End the program with this status.
    case quit(ExitStatus)
    /// Give the terminal back and stop until the shell resumes the process.
    case suspend
    /// Rings the terminal's bell (a `bell` binding).
    case bell
    /// Answers a `--listen` request (`Event.remote`) on its connection.
    case replyRemote(Int, RemoteReply)
    /// Read the settings file again (a command may have changed it) and answer with
    /// `Event.settingsRead`.
    case readSettings(path: String)
    /// Write the settings to their file and answer with `Event.settingsSaved`.
    case saveSettings(Settings)
    /// Print each value on a line of its own to stdout, then exit with `status` (0, or 1 for
    /// `--print-query`'s query with nothing chosen).
    case emit([String], status: ExitStatus = .success)
    /// End the session with a value a Swift program keeps under this number
    /// (`SessionOutcome.finished`).
    case finish(Int)
    /// End the session with this status, passing `output` on (to stdout and stderr, as it is)
    /// once the terminal is back: `segue spin`'s command's.
    case relay(ExitStatus, RelayedOutput)
    /// Run a command in `directory` with the terminal given back to it, then answer with
    /// `Event.execFinished`.
    case exec(ExecCommand, directory: String)
    /// End the session; the program then runs the command in `directory` in its place
    /// (`SessionOutcome.replacement`).
    case become(ExecCommand, directory: String)
    /// Start loading a page from a source; answer with `sourceItems` (as items arrive) and one
    /// `sourceFinished`.
    case startSource(SourceRequest)
    /// Stop a source's running load (its process group is killed and reaped).
    case cancelSource(SourceKey)
    /// Stop every running load of a screen that is going away.
    case cancelSources(screen: Int)
    /// Call the handler registered under `name` with the row's bound attributes, and answer with
    /// `Event.handlerFinished`, or for a handler that runs as a task `Event.handlerStarted` (and
    /// later `Event.handlerEnded`).
    case callHandler(name: String, row: [String: JSONValue])
    /// Cancel a handler running as a task; nothing it answers afterwards arrives.
    case cancelHandler(task: Int)
    /// Give a handler running as a task the user's answer to its question (`Event.handlerAsked`).
    case answerHandler(task: Int, JSONValue)
    /// Answer with `Event.timerFired(timer)` once `seconds` have passed (a debounce). A timer
    /// started again with the same screen replaces the older one.
    case startTimer(TimerKey, seconds: Double)
    /// Keep a find line's accepted query for the screen (a spec file, `-` for piped lines).
    case recordQuery(String, screen: String, file: String)
    /// Load `bytes`, what a command printed, as the spec at `file` (`"segue": {"command": …}`),
    /// and answer with `Event.specLoaded`; the spec remembers the command, so a reload runs it again.
    case parseSpec([UInt8], file: String, command: [String])
    /// Keep where a screen was left, or a row chosen, in the spec tree's memory file.
    case remember(RowMemory.Change, file: String)
}

extension Effect {
    /// Whether the effect's answer comes back as an event that changes what the app shows (a spec,
    /// a command's end, a handler's actions), so what was asked after it must wait for it.
    var waitsForAnswer: Bool {
        switch self {
        case .loadSpec, .exec, .callHandler, .parseSpec: return true
        case .startSource(let request):
            return request.key.isCapture || [SourceKey.specCommandScreen, SourceKey.transformScreen].contains(request.key.screen)
        default: return false
        }
    }

    /// Whether performing the effect ends the session (nothing after it runs).
    var endsSession: Bool {
        switch self {
        case .quit, .emit, .finish, .become, .relay: return true
        default: return false
        }
    }
}

/// Which wait a timer ends: a screen's command search, its preview's pause, or a section's next
/// timed refresh, by generation (only the newest counts).
public struct TimerKey: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case search, preview
        case refresh(section: Int)
        /// A `--bind 'every(N):…'` binding's next run, by its interval.
        case every(milliseconds: Int)
    }

    public var screen: Int
    public var generation: Int
    public var purpose: Purpose

    public init(screen: Int, generation: Int, purpose: Purpose = .search) {
        self.screen = screen
        self.generation = generation
        self.purpose = purpose
    }
}
