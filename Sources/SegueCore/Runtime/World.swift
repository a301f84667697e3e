/// The side of the world the effect loop talks to: everything `update` asks for that is not
/// pure — files, commands, processes, handlers, the terminal.
///
/// The terminal app, headless sessions and the live-section benchmark each plug their own world into the one
/// `Runtime`, so what an effect means is decided in one place. No requirement has a default: a
/// new ability (the terminal's, the disk's) fails to compile in every world until each says what
/// it does with it (a world without files answers `WorldWithoutFiles`'s way, by name).
///
/// What may block: `loadSpec`, `saveSettings` and `callHandler` answer at once, inside the loop.
/// Specs and settings are local files read whole (a slow disk shows as a slow keystroke, never as a
/// lost one: keys wait in the terminal's queue); a plain Swift handler is a synchronous closure
/// expected to return quickly, and an `async` one runs as a task (`AsyncWork`) whose end comes
/// back as an event. `runCommand` blocks by design: the command owns the terminal until it ends.
/// Sources never block: `startSource` only starts a load (a process, a file read or a Swift
/// task), and its answers come back later as events.
package protocol World {
    /// Reads the spec at `path` (a folder means its `main.json`).
    mutating func loadSpec(path: String) -> Result<Spec, SpecError>
    /// The settings in the file at `path` as they are now; `nil` where there are no files (a
    /// headless session's settings live in memory).
    mutating func readSettings(path: String) -> Settings?
    /// `bytes` loaded as the spec at `file` (its includes and data files found from there).
    mutating func parseSpec(_ bytes: [UInt8], file: String) -> Result<Spec, SpecError>
    /// Writes the settings to their file: why it was not written, or what else changed in it.
    mutating func saveSettings(_ settings: Settings) -> SettingsSaved
    /// Calls the handler registered under `name` with a row's bound attributes: the actions it
    /// asks for (`nil` when there is no such handler), or, for a handler that runs as a task, its
    /// number; its end comes back later as `Event.handlerEnded`.
    mutating func callHandler(name: String, row: [String: JSONValue]) -> HandlerCall
    /// Cancels a handler running as a task.
    mutating func cancelHandler(task: Int)
    /// Gives a handler running as a task the answer to the question it asked.
    mutating func answerHandler(task: Int, with answer: JSONValue)
    /// Runs a command with the terminal given to it, until it ends.
    mutating func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult
    /// Starts loading a page; its items and end come back as events, later.
    mutating func startSource(_ request: SourceRequest)
    /// Stops a load: no answer comes for it after this.
    mutating func cancelSource(_ key: SourceKey)
    /// Stops every load of a screen.
    mutating func cancelSources(screen: Int)
    /// Answers with `Event.timerFired(key)` (through the app's event loop) after `seconds`;
    /// replaces a timer of the same screen.
    mutating func startTimer(_ key: TimerKey, seconds: Double)
    /// Gives the terminal to the shell until the process is resumed.
    mutating func suspend()
    /// Rings the terminal's bell; a world without a terminal does nothing.
    mutating func ringBell()
    /// Answers a `--listen` request on its connection; a world that listens to nothing has none.
    mutating func replyRemote(_ id: Int, _ reply: RemoteReply)
    /// The terminal's size now (it may change while a command or the shell has it).
    var size: Size { get }
    /// Keeps a find line's accepted query in `file` for the next run (`QueryHistory`); `nil`, or
    /// why it was not kept (naming the file), which the session tells as it ends.
    mutating func recordQuery(_ query: String, for screen: String, in file: String) -> String?
    /// Keeps a change to the spec tree's memory in `file` for the next run (`RowMemory`); `nil`,
    /// or why it was not kept (naming the file), which the session tells as it ends.
    mutating func remember(_ change: RowMemory.Change, in file: String) -> String?
}

/// What a world without files (a headless session, a bench) does with the file abilities: it
/// loads no spec a command printed, reads no settings file, and keeps no history or memory. A
/// world says it answers so by calling these, so none is left out unseen.
package enum WorldWithoutFiles {
    package static func parseSpec(file: String) -> Result<Spec, SpecError> {
        .failure(SpecError(file: file, kind: .unreadable("specs made by commands are not loaded here")))
    }

    package static func readSettings() -> Settings? { nil }
    package static func recordQuery() -> String? { nil }
    package static func remember() -> String? { nil }
}
