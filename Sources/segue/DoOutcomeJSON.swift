import SegueCore
import SegueTerminal
import ArgumentParser

/// `segue do … --json`: the outcome as one JSON object for a script, instead of text on
/// standard output and standard error: `{"status": 0, "settings": {"ssh": true}, "printed":
/// ["SSH is on"], "error": null}`. `settings` holds the settings the action changed (a removed
/// one as null); `printed`, what a message, a box or an emit said.
enum DoOutcomeJSON {
    static func write(_ result: DoApp.Result, before: JSONValue, shown: [String]) throws -> Never {
        var printed = shown
        var error: String?
        var status = result.commandStatus
        if let outcome = result.outcome {
            printed += outcome.emitted
            status = outcome.status.code
        } else if let failure = result.failure {
            error = failure
            status = result.isUsage ? ExitStatus.usage.code : ExitStatus.cancelled.code
        } else if let said = result.status, said.text != "done" {
            if said.kind == .error {
                error = said.text
                if status == 0 { status = ExitStatus.cancelled.code }
            } else {
                printed.append(said.text)
            }
        }
        let object = JSONValue.object([
            "status": .number(String(status)),
            "settings": .object(changes(from: before, to: result.settings)),
            "printed": .array(printed.map { .string($0) }),
            "error": error.map { .string($0) } ?? .null,
        ])
        try StandardOutput.writeValues([object.compactJSON])
        throw ExitCode(status)
    }

    /// The top-level settings whose values differ, with their new values (null: taken away).
    static func changes(from before: JSONValue, to after: JSONValue) -> [String: JSONValue] {
        guard case .object(let old) = before, case .object(let new) = after else { return [:] }
        var changed: [String: JSONValue] = [:]
        for (name, value) in new where old[name] != value { changed[name] = value }
        for name in old.keys where new[name] == nil { changed[name] = .null }
        return changed
    }
}
