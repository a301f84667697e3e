/// Reading and writing actions as specs write them.
extension RowAction {
    /// The action `value` describes, for a spec already validated: any name counts as registered.
    package init?(_ value: JSONValue) {
        guard case .success(let action) = Self.decode(value, path: "action", names: [], anyName: true) else { return nil }
        self = action
    }

    /// The action `value` describes, checked: a problem names the JSON path below `path`.
    /// `names` are the registered handlers a named action may use; with `anyName`, any name is
    /// taken for a handler's (where the names are not known, or were checked already).
    package static func decode(_ value: JSONValue, path: String, names: Set<String>, anyName: Bool = false) -> Result<RowAction, ShapeProblem> {
        switch value {
        case .string(let name):
            guard anyName || RowAction.builtInNames.contains(name) || names.contains(name) else {
                return .failure(ShapeProblem(path: path, message: "expected \(choices(names)), found \(value.summary)"))
            }
            return .success(RowAction(name: name))
        case .object(let members):
            return decode(members, path: path, names: names, anyName: anyName)
        default:
            return .failure(.expected("an action name or {\"type\": …}", found: value, at: path))
        }
    }

    private static func decode(_ members: [String: JSONValue], path: String, names: Set<String>,
                               anyName: Bool) -> Result<RowAction, ShapeProblem> {
        var confirm: String?
        var yesByDefault = false
        if let question = members["confirm"], question != .null {
            switch decodeConfirm(question, path: path + ".confirm") {
            case .success(let asked): (confirm, yesByDefault) = asked
            case .failure(let problem): return .failure(problem)
            }
        }
        var when: String?
        switch members["when"] {
        case nil, .null?: break
        case .bool(let flag)?: when = flag ? "true" : "false"
        case .string(let text)?: when = text  // bound, a missing value reads "": false
        case let other?: return .failure(.expected("a condition such as \"{{settings.ssh}}\", or true or false", found: other, at: path + ".when"))
        }
        guard let type = members["type"]?.stringValue else {
            return .failure(.expected("a \"type\"", found: members["type"], at: path + ".type"))
        }
        let kind: Kind
        switch type {
        case "if":
            guard when != nil else {
                return .failure(ShapeProblem(path: path + ".when", message: "an if needs \"when\": the condition that chooses \"then\" or \"else\""))
            }
            guard let then = members["then"], then != .null else {
                return .failure(ShapeProblem(path: path + ".then", message: "an if needs \"then\": the action (or list) to run when the condition holds"))
            }
            if confirm != nil {
                return .failure(ShapeProblem(path: path + ".confirm", message: "an if asks nothing itself: put \"confirm\" on the actions it chooses"))
            }
            var lists: [[RowAction]] = []
            for (key, value) in [("then", then), ("else", members["else"] ?? .array([]))] {
                switch ExecCommand.decodeFollowUps(value == .null ? .array([]) : value, path: path + "." + key, names: names, anyName: anyName) {
                case .success(let actions): lists.append(actions)
                case .failure(let problem): return .failure(problem)
                }
            }
            kind = .branch(then: lists[0], otherwise: lists[1])
        case "segue", "replace":
            guard let segue = SegueTarget(.object(members)) else {
                if let command = members["command"] {
                    return .failure(.expected("a command as a non-empty array of strings", found: command, at: path + ".command"))
                }
                return .failure(.expected("a \"spec\" path (or a \"command\" printing the spec)", found: members["spec"], at: path + ".spec"))
            }
            kind = type == "segue" ? .segue(segue) : .replace(segue)
        case "emit":
            let value = members["value"]
            if let value, value != .null, value.stringValue == nil {
                return .failure(.expected("a string", found: value, at: path + ".value"))
            }
            kind = .emit(value?.stringValue)
        case "exec":
            switch ExecCommand.decode(members, path: path, names: names, anyName: anyName) {
            case .success(let command): kind = .exec(command)
            case .failure(let problem): return .failure(problem)
            }
        case "become":
            for key in ["wait", "then", "onFailure", "capture"] where members[key] != nil {
                return .failure(ShapeProblem(path: path + "." + key, message: "a become action does not come back: it takes no \"\(key)\""))
            }
            switch ExecCommand.decode(members, path: path, names: names, anyName: anyName) {
            case .success(let command): kind = .become(command)
            case .failure(let problem): return .failure(problem)
            }
        case "quit":
            let status = members["status"]
            var code: Int32 = 0
            if let status, status != .null {
                guard let number = status.doubleValue, number == number.rounded(), (0...255).contains(number) else {
                    return .failure(.expected("a status from 0 to 255", found: status, at: path + ".status"))
                }
                code = Int32(number)
            }
            kind = .quit(ExitStatus(code))
        case "message":
            guard let text = members["text"]?.stringValue, !text.isEmpty else {
                return .failure(.expected("the message's \"text\"", found: members["text"], at: path + ".text"))
            }
            var isError = false
            if let flag = members["error"], flag != .null {
                guard case .bool(let value) = flag else { return .failure(.expected("true or false", found: flag, at: path + ".error")) }
                isError = value
            }
            var inBox = false
            if let style = members["style"], style != .null {
                guard style == "line" || style == "box" else {
                    return .failure(.expected("\"line\" or \"box\"", found: style, at: path + ".style"))
                }
                inBox = style == "box"
            }
            kind = .message(text, isError: isError, inBox: inBox)
        case "prompt":
            switch Prompt.decode(members, path: path, names: names, anyName: anyName) {
            case .success(let prompt): kind = .prompt(prompt)
            case .failure(let problem): return .failure(problem)
            }
        case "set":
            guard case .object(let values)? = members["settings"], !values.isEmpty else {
                return .failure(.expected("an object of setting names and values", found: members["settings"], at: path + ".settings"))
            }
            kind = .set(values)
        case _ where SettingChange.types.contains(type):
            switch SettingChange.decode(members, type: type, path: path) {
            case .success(let change): kind = .changeSetting(change)
            case .failure(let problem): return .failure(problem)
            }
        case "back", "root", "reload", "save", "discard", "help":
            kind = RowAction(name: type).kind
        case "fzf":
            guard let text = members["do"]?.stringValue, !text.isEmpty else {
                return .failure(.expected("fzf's actions, as --bind writes them after the colon (\"reload(ls)+change-prompt(x> )\")",
                                          found: members["do"], at: path + ".do"))
            }
            // A template is checked once bound, when it runs.
            if !Template.mightHavePlaceholders(text) {
                do throws(BindParser.Problem) {
                    _ = try BindParser.actions(text)
                } catch {
                    return .failure(ShapeProblem(path: path + ".do", message: "\(error.message) at column \(error.column) of \(JSONValue.string(text).summary)"))
                }
            }
            kind = .fzf(text)
        default:
            guard anyName || names.contains(type) else {
                return .failure(ShapeProblem(path: path + ".type", message:
                    "expected segue, back, root, replace, reload, emit, exec, become, quit, message, prompt, set, append, remove, move, add, rename, reshape, save, discard, help, if, fzf or a registered action, found \(JSONValue.string(type).summary)"))
            }
            kind = .named(type)
        }
        if type != "if", members["else"] != nil {
            return .failure(ShapeProblem(path: path + ".else", message: "\"else\" belongs to an action of type \"if\""))
        }
        return .success(RowAction(kind, confirm: confirm, yesByDefault: yesByDefault, when: when))
    }

    /// `"confirm": "Reboot now?"` (Enter cancels), or `{"question": "Reboot now?", "default":
    /// "yes"}` (Enter says yes): whiptail's `--defaultno` and its opposite.
    private static func decodeConfirm(_ value: JSONValue, path: String) -> Result<(String, Bool), ShapeProblem> {
        if let text = value.stringValue, !text.isEmpty { return .success((text, false)) }
        guard case .object(let members) = value else { return .failure(.expected("a question", found: value, at: path)) }
        for key in members.keys.sorted() where key != "question" && key != "default" {
            return .failure(ShapeProblem(path: path + "." + key, message: "expected \"question\" or \"default\", found \"\(key)\""))
        }
        guard let text = members["question"]?.stringValue, !text.isEmpty else {
            return .failure(.expected("a question", found: members["question"], at: path + ".question"))
        }
        switch members["default"] {
        case nil, .null, .string("no")?: return .success((text, false))
        case .string("yes")?: return .success((text, true))
        case let other?: return .failure(.expected("\"yes\" or \"no\"", found: other, at: path + ".default"))
        }
    }

    /// `"back", "quit", … (named actions need a registered handler)`, or with the registered names.
    package static func choices(_ names: Set<String>) -> String {
        let builtIn = builtInNames.map { "\"\($0)\"" }.joined(separator: ", ")
        guard !names.isEmpty else { return "\(builtIn) (named actions need a registered handler)" }
        return "\(builtIn) or a registered action (\(names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
    }

    /// The action as a spec writes it.
    package var json: JSONValue {
        var members: [String: JSONValue] = [:]
        switch kind {
        case .segue(let segue), .replace(let segue):
            members = ["type": .string(kind.isReplace ? "replace" : "segue"), "spec": .string(segue.spec)]
            if let command = segue.command {
                members["spec"] = nil
                members["command"] = .array(command.map { .string($0) })
            }
            if let data = segue.data { members["data"] = data }
        case .back: members = ["type": "back"]
        case .root: members = ["type": "root"]
        case .reload: members = ["type": "reload"]
        case .emit(let value):
            members = ["type": "emit"]
            if let value { members["value"] = .string(value) }
        case .become(let command):
            members = ["type": "become", "command": .array(command.arguments.map { .string($0) })]
        case .exec(let command):
            members = ["type": "exec", "command": .array(command.arguments.map { .string($0) }),
                       "wait": command.holdsScreen ? "first" : command.waitText.map { .string($0) } ?? .bool(command.wait)]
            if !command.then.isEmpty { members["then"] = .array(command.then.map(\.json)) }
            if !command.onFailure.isEmpty { members["onFailure"] = .array(command.onFailure.map(\.json)) }
            if let capture = command.capture { members["capture"] = capture.json }
        case .quit(let status):
            // The command's status, passed on by an exec's `then`, is written as no status.
            members = status == .passedOn ? ["type": "quit"] : ["type": "quit", "status": .number(String(status.code))]
        case .finish(let value):
            // Never written in a spec, so never read back: named for what shows it (`--print-json`).
            members = ["type": "finish", "value": .number(String(value))]
        case .named(let name):
            members = ["type": .string(name)]
        case .message(let text, let isError, let inBox):
            members = ["type": "message", "text": .string(text)]
            if isError { members["error"] = .bool(true) }
            if inBox { members["style"] = "box" }
        case .prompt(let prompt):
            members = prompt.members
            members["type"] = "prompt"
        case .save: members = ["type": "save"]
        case .discard: members = ["type": "discard"]
        case .help: members = ["type": "help"]
        case .set(let values): members = ["type": "set", "settings": .object(values)]
        case .fzf(let text): members = ["type": "fzf", "do": .string(text)]
        case .changeSetting(let change): members = change.members
        case .branch(let then, let otherwise):
            members = ["type": "if", "then": .array(then.map(\.json))]
            if !otherwise.isEmpty { members["else"] = .array(otherwise.map(\.json)) }
        }
        if let when { members["when"] = .string(when) }
        if let confirm {
            members["confirm"] = yesByDefault ? .object(["question": .string(confirm), "default": "yes"]) : .string(confirm)
        }
        return .object(members)
    }
}

extension RowAction.Kind {
    /// Where a `segue` or `replace` action leads.
    package var segueTarget: SegueTarget? {
        switch self {
        case .segue(let target), .replace(let target): return target
        default: return nil
        }
    }

    package var isReplace: Bool {
        if case .replace = self { return true }
        return false
    }

    package var isPrompt: Bool {
        if case .prompt = self { return true }
        return false
    }
}

extension ExecCommand {
    package static func decode(_ members: [String: JSONValue], path: String, names: Set<String>, anyName: Bool) -> Result<ExecCommand, ShapeProblem> {
        guard case .array(let values)? = members["command"], !values.isEmpty else {
            return .failure(.expected("a command as a non-empty array of strings", found: members["command"], at: path + ".command"))
        }
        var arguments: [String] = []
        for (index, value) in values.enumerated() {
            guard let argument = value.stringValue else {
                return .failure(.expected("a string", found: value, at: path + ".command[\(index)]"))
            }
            arguments.append(argument)
        }
        var wait = false
        var waitText: String?
        switch members["wait"] {
        case nil, .null?: break
        case .bool(let value)?: wait = value
        case .string(let text)? where !text.isEmpty:
            wait = true
            waitText = text
        case let other?: return .failure(.expected("true, false or the words under the output", found: other, at: path + ".wait"))
        }
        var capture: ExecCapture?
        var holdsScreen = false
        if let value = members["capture"], value != .null {
            switch ExecCapture.decode(value, path: path + ".capture") {
            case .success(let target): capture = target
            case .failure(let problem): return .failure(problem)
            }
            if waitText == "first" {
                (wait, waitText, holdsScreen) = (false, nil, true)
            }
            if wait {
                return .failure(ShapeProblem(path: path + ".wait", message: "a command whose output is captured runs without the terminal: it takes no \"wait\""))
            }
        }
        var followUps: [String: [RowAction]] = [:]
        for key in ["then", "onFailure"] {
            guard let value = members[key], value != .null else { continue }
            switch decodeFollowUps(value, path: path + "." + key, names: names, anyName: anyName) {
            case .success(let actions): followUps[key] = actions
            case .failure(let problem): return .failure(problem)
            }
        }
        if waitText == "first" {
            return .failure(ShapeProblem(path: path + ".wait", message: "\"first\" holds the screen while a capture runs: it needs \"capture\""))
        }
        var command = ExecCommand(arguments: arguments, wait: wait, then: followUps["then"] ?? [],
                                  onFailure: followUps["onFailure"] ?? [], capture: capture)
        command.waitText = waitText
        command.holdsScreen = holdsScreen
        return .success(command)
    }

    /// An exec's `then` or `onFailure` (an if's, a prompt's `then`): an action, or a list run in
    /// order. A `quit` without a status of its own passes the command's on.
    package static func decodeFollowUps(_ value: JSONValue, path: String, names: Set<String>,
                                        anyName: Bool) -> Result<[RowAction], ShapeProblem> {
        let items: [(JSONValue, String)] = if case .array(let list) = value {
            list.enumerated().map { ($1, path + "[\($0)]") }
        } else {
            [(value, path)]
        }
        var actions: [RowAction] = []
        for (item, at) in items {
            switch RowAction.decode(item, path: at, names: names, anyName: anyName) {
            case .success(var action):
                if case .quit = action.kind, item == "quit" || item.member("status") == nil || item.member("status") == .null {
                    action.kind = .quit(.passedOn)
                }
                actions.append(action)
            case .failure(let problem):
                return .failure(problem)
            }
        }
        return .success(actions)
    }
}

extension RowAction {
    /// Every screen this action can open, where it says so: its own segue or replace, those in
    /// an exec's `then` and `onFailure`, and those a prompt's `then` runs with the answer (a
    /// `then` that is a template is known only once answered). For `segue check` and `graph`.
    package var screensOpened: [SegueTarget] {
        switch kind {
        case .segue(let target), .replace(let target): return [target]
        case .exec(let command): return (command.then + command.onFailure).flatMap(\.screensOpened)
        case .branch(let then, let otherwise): return (then + otherwise).flatMap(\.screensOpened)
        case .prompt(let prompt):
            let steps: [JSONValue] = if case .array(let list) = prompt.then { list } else { [prompt.then] }
            return steps.compactMap { RowAction($0) }.flatMap(\.screensOpened)
        default: return []
        }
    }
}
