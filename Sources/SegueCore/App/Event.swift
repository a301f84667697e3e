/// Something that happened, fed to `update`.
package enum Event: Sendable {
    case key(Key)
    /// A command, whichever key the keymap gives it (plain mode's words: `q`, `b`, `r`).
    case command(KeyCommand)
    /// Text pasted into the terminal (a bracketed paste): typed into a text being edited, never
    /// run as keys.
    case paste(String)
    /// Select shown row `index` (plain mode's numbers), as moving to it would; disabled rows
    /// and rows that are not there are not selected.
    case select(Int)
    /// The terminal has a new size.
    case resize(Size)
    case mouse(MouseEvent)
    /// The settings file as a `readSettings` effect found it.
    case settingsRead(Settings)
    /// The result of a `saveSettings` effect: `nil`, or why the file was not written; and the
    /// settings the file changed at besides those saved (`SettingsSaved.followed`).
    case settingsSaved(SettingsProblem?, followed: [String: JSONValue?] = [:], wouldLose: String? = nil)
    /// A command run by an `exec` effect has ended.
    case execFinished(ExecResult)
    /// Sent once by the shell when it starts, so the first screen's sources begin loading.
    case start
    /// Items a source has produced (a batch: a page, or the lines that have arrived).
    case sourceItems(SourceKey, [JSONValue])
    /// Streamed items a source has produced, kept as the text they came as.
    case sourceRawItems(SourceKey, RawItems)
    /// A command run for its output whole (`SourceRequest.capturesOutput`) has ended.
    case commandFinished(SourceKey, CommandRun)
    /// What a command run for its output whole (`segue progress`) wrote on its standard output
    /// just now, for a progress bar; the whole still comes with `commandFinished`.
    case commandOutput(SourceKey, [UInt8])
    /// A handler running as a task says how it is doing (`context.progress`), before it ends:
    /// words, and how far it is (0…1) if it says.
    case handlerProgress(task: Int, String, fraction: Double?)
    /// A handler running as a task asks the user (`context.confirm`, `context.input`) and waits
    /// for `Effect.answerHandler`.
    case handlerAsked(task: Int, HandlerQuestion)
    /// A source's page load has ended.
    case sourceFinished(SourceKey, SourceOutcome)
    /// Something a load wants said that does not stop it (lines left out for their length).
    case sourceNote(SourceKey, String)
    /// Time passing while something loads: spinners turn.
    case tick
    /// A moment to go on with work left pending (`AppState.hasPendingWork`), such as filtering a
    /// long list; sent between keys, so typing never waits for it.
    case work
    /// A handler has run; the actions it asked for, in order (the same actions rows run). `nil`
    /// when no handler has that name.
    case handlerFinished(name: String, row: [String: JSONValue], [RowAction]?)
    /// A handler runs as a task (written `async` in Swift): its end comes as `handlerEnded`.
    case handlerStarted(name: String, row: [String: JSONValue], task: Int)
    /// A handler that ran as a task has returned (or thrown); not sent when it was cancelled.
    case handlerEnded(task: Int, HandlerOutcome)
    /// The result of a `loadSpec` effect.
    case specLoaded(path: String, Result<Spec, SpecError>)
    /// A timer started by `Effect.startTimer` has run out.
    case timerFired(TimerKey)
    /// Files changed on disk (`--watch`): the screens read from them load again.
    case filesChanged([String])
    /// A signal asks the app to end (SIGINT, SIGTERM, SIGHUP).
    case signal(Int32)
    /// A program asks through `--listen` what the session shows, or sends it actions.
    case remote(RemoteRequest)
}
