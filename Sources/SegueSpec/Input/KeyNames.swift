/// Keys and commands by the names a config file writes: `"ctrl-d": "pageDown"`, `"x": "quit"`.
extension Key {
    /// The key a name stands for: a single character (`"x"`, `"?"`), `space`, `enter`, `esc`,
    /// `tab`, `shift-tab`, `backspace`, `delete`, `up`, `down`, `left`, `right`, `home`, `end`,
    /// `pgup`, `pgdn`, `f1`…`f12`, `ctrl-` and a letter, `alt-` and a character, `shift-up`,
    /// `shift-down`, `shift-pgup`, `shift-pgdn`, `ctrl-space`, `alt-enter`. Case matters only for
    /// single characters.
    package init?(name: String) {
        if name.count == 1, let character = name.first {
            self = .char(character)
            return
        }
        let lower = name.lowercased()
        if let named = Self.names[lower] {
            self = named
        } else if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter, letter.isASCII {
            self = .ctrl(letter)
        } else if lower.hasPrefix("alt-"), name.count == 5, let character = name.last {
            self = .alt(character)
        } else if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
        } else {
            return nil
        }
    }

    private static let names: [String: Key] = [
        "space": .char(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
        "shift-tab": .backTab, "backspace": .backspace, "delete": .delete, "del": .delete, "up": .up, "down": .down,
        "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown, "shift-up": .shiftUp, "shift-down": .shiftDown,
        "shift-pgup": .shiftPageUp, "shift-pgdn": .shiftPageDown, "alt-backspace": .alt("\u{7F}"),
        "ctrl-space": .ctrl(" "), "alt-enter": .alt("\r"),
    ]
}

extension KeyCommand {
    /// The command's name in a config file: its case name, `moveDown`, `togglePreview`.
    package var name: String { String(describing: self) }

    /// The command called `name`, if any.
    package init?(name: String) {
        guard let command = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = command
    }
}

extension Keymap {
    /// This keymap with `key` running `command` instead of what it ran (or nothing, for `nil`).
    /// A command whose first key changes shows its new key in the hint line. The last way out
    /// (`lastWayOut`, Ctrl-C) is not moved: it always interrupts.
    package func rebinding(_ key: Key, to command: KeyCommand?) -> Keymap {
        guard key != Self.lastWayOut || command == .interrupt else { return self }
        var bindings = self.bindings
        for index in bindings.indices { bindings[index].keys.removeAll { $0 == key } }
        if let command, let index = bindings.firstIndex(where: { $0.command == command }) {
            bindings[index].keys.insert(key, at: 0)
        }
        // A command left with no key keeps its hint, unshown, for a key bound to it later.
        for index in bindings.indices {
            guard let hint = bindings[index].hint, hint.keys != "↑↓", let first = bindings[index].keys.first else { continue }
            bindings[index].hint = (first.hintLabel, hint.text)
        }
        var keymap = Keymap(bindings)
        keymap.actions = actions
        keymap.actions.unbind(.key(key))
        keymap.explicitKeys = explicitKeys
        return keymap
    }

    /// This keymap with `trigger` (a key or one of fzf's events) performing fzf's `list`, as a
    /// `--bind` would; the key's command, if it had one, is gone.
    package func binding(_ trigger: BindTrigger, to list: [BindAction]) -> Keymap {
        var keymap = self
        if case .key(let key) = trigger {
            guard key != Self.lastWayOut else { return self }
            keymap = rebinding(key, to: nil)
        }
        keymap.actions.bind(trigger, to: list)
        return keymap
    }

    /// This keymap with a config file's or a spec's `"keys"` applied: an object of key names
    /// and command names (or `null` to unbind a key), or fzf's actions as `--bind` writes them
    /// after the colon (`"ctrl-r": "reload(ls)+change-prompt(x> )"`, also on an event:
    /// `"change": "reload(rg {q})"`). A command's name is Segue's command (`cancel`, `top`);
    /// any other text is read as fzf's. Problems name the JSON path below `path`.
    package func applying(_ value: JSONValue, path: String) -> Result<Keymap, ShapeProblem> {
        guard case .object(let members) = value else {
            return value == .null ? .success(self) : .failure(.expected("an object of keys and commands", found: value, at: path))
        }
        var keymap = self
        for (name, commandName) in members.sorted(by: { $0.key < $1.key }) {
            let at = path + "." + name
            guard let trigger = Key(name: name).map(BindTrigger.key) ?? BindParser.trigger(named: name) else {
                return .failure(ShapeProblem(path: at, message: "expected a key name (a character, ctrl-x, alt-x, up, pgdn, f1, enter, esc, tab, space…) or one of fzf's events (start, load, change, focus, result, result-final, multi, one, zero, resize, every(SECONDS)), found \(JSONValue.string(name).summary)"))
            }
            guard case .key(let key) = trigger else {
                if commandName == .null {
                    keymap.actions.unbind(trigger)
                    continue
                }
                switch Self.fzfActions(commandName, at: at) {
                case .success(let list): keymap = keymap.binding(trigger, to: list)
                case .failure(let problem): return .failure(problem)
                }
                continue
            }
            if key == Self.lastWayOut, commandName != .string(KeyCommand.interrupt.name) {
                return .failure(ShapeProblem(path: at, message: Self.lastWayOutRule))
            }
            keymap.explicitKeys.insert(key)
            switch commandName {
            case .null:
                keymap = keymap.rebinding(key, to: nil)
            case .string(let text):
                if let command = KeyCommand(name: text) {
                    keymap = keymap.rebinding(key, to: command)
                    continue
                }
                switch Self.fzfActions(commandName, at: at) {
                case .success(let list): keymap = keymap.binding(trigger, to: list)
                case .failure(let problem): return .failure(problem)
                }
            default:
                return .failure(.expected("a command name, fzf's actions or null", found: commandName, at: at))
            }
        }
        return .success(keymap)
    }

    /// A `"keys"` value read as fzf's actions (`reload(ls)+change-prompt(x> )`); a problem says
    /// what a command could have been too.
    private static func fzfActions(_ value: JSONValue, at path: String) -> Result<[BindAction], ShapeProblem> {
        guard case .string(let text) = value else { return .failure(.expected("fzf's actions, as --bind writes them after the colon", found: value, at: path)) }
        do throws(BindParser.Problem) {
            return .success(try BindParser.actions(text))
        } catch {
            let isWord = text.allSatisfy { $0.isLetter || $0 == "-" }
            if isWord {
                let known = KeyCommand.allCases.map(\.name).joined(separator: ", ")
                return .failure(ShapeProblem(path: path, message: "expected a command (\(known)) or fzf's actions (reload(ls)+change-prompt(x> ), toggle-preview…), found \(value.summary)"))
            }
            return .failure(ShapeProblem(path: path, message: "\(error.message) at column \(error.column) of \(value.summary)"))
        }
    }
}

extension Keymap {
    /// Ctrl-C: whatever a config's or a spec's `"keys"` say, it quits with status 130 (as SIGINT
    /// does), from every screen and mode, so no spec can take away the last way out.
    package static let lastWayOut = Key.ctrl("c")

    package static let lastWayOutRule = "ctrl-c always quits with status 130 (the last way out): it cannot be bound to another command or unbound"

    /// A spec's `"keys"` without the members that would move the last way out, and a warning
    /// for each: someone else's spec still opens, and Ctrl-C still quits. (The user's own config
    /// is refused instead, as its other mistakes are.)
    package static func sparingLastWayOut(_ value: JSONValue, path: String) -> (keys: JSONValue, warnings: [String]) {
        guard case .object(var members) = value else { return (value, []) }
        var warnings: [String] = []
        for (name, command) in members.sorted(by: { $0.key < $1.key })
        where Key(name: name) == lastWayOut && command != .string(KeyCommand.interrupt.name) {
            members[name] = nil
            warnings.append("\(path).\(name): ignored: \(lastWayOutRule)")
        }
        return (.object(members), warnings)
    }
}

extension Key {
    /// How the hint line writes the key: `q`, `⏎`, `esc`, `^D`.
    package var hintLabel: String {
        switch self {
        case .enter: return "⏎"
        case .escape: return "esc"
        case .char(" "): return "space"
        case .tab: return "⇥"
        case .ctrl(let letter): return "^" + String(letter).uppercased()
        default: return label
        }
    }
}

extension Keymap {
    /// The key that answers yes to a confirmation, as its question shows it: `y`.
    package var confirmLabel: String {
        bindings.first { $0.command == .confirm }?.keys.first.map(\.hintLabel) ?? "y"
    }

    /// The answers a confirmation shows, the one Enter gives in capitals: `(y/N)` or `(Y/n)`.
    package func confirmChoices(yesByDefault: Bool) -> String {
        yesByDefault ? "(\(confirmLabel.uppercased())/n)" : "(\(confirmLabel)/N)"
    }
}
