/// How a session ended: the status the process should exit with, and what it emitted.
package struct SessionOutcome: Equatable, Sendable {
    /// The process exit status it asks for.
    package var status: ExitStatus
    /// Values an `emit` action chose, one per line, to print on stdout once the terminal is back.
    package var emitted: [String]
    /// A `become` action's command and the folder it runs in: what the program turns into once
    /// the terminal is restored (its status is then the command's).
    package var replacement: (command: ExecCommand, directory: String)?
    /// What to pass on as it is, once the terminal is back (`segue spin`'s command's output).
    package var relayed: RelayedOutput?
    /// The number a Swift program keeps the value it finished with under (`RowAction.Kind.finish`).
    package var finished: Int?
    /// The settings' values as the session ended: what its toggles, choices and inputs were left
    /// at, for a program that reads a form's answers without a settings file.
    package var values: JSONValue = .object([:])
    /// What the session meant to keep for the next run (queries, rows chosen) and could not
    /// write, each naming its file and why: warnings once the terminal is back.
    package var notKept: [String] = []

    package init(status: ExitStatus, emitted: [String], replacement: (command: ExecCommand, directory: String)? = nil,
                relayed: RelayedOutput? = nil, finished: Int? = nil) {
        self.status = status
        self.emitted = emitted
        self.replacement = replacement
        self.relayed = relayed
        self.finished = finished
    }

    package static func == (left: SessionOutcome, right: SessionOutcome) -> Bool {
        left.status == right.status && left.emitted == right.emitted && left.relayed == right.relayed && left.finished == right.finished
            && left.values == right.values && left.notKept == right.notKept
            && left.replacement?.command == right.replacement?.command && left.replacement?.directory == right.replacement?.directory
    }
}
