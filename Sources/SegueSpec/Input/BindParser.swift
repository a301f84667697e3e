/// fzf's `--bind` syntax read into `KeyBindings`: `KEYS:ACTION[+ACTION…]` bindings separated
/// by commas, several keys for one list (`ctrl-a,alt-a:first`), and an action's argument in
/// `(…)`, `[…]`, `{…}`, `<…>` (up to the first closing character, as fzf reads it) or after a
/// colon, where it is the rest of the whole option (`execute:less {}`, commas and all).
package enum BindParser {
    /// A `--bind` value that does not read: what was wrong, where (a 1-based column), and what
    /// was expected.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var message: String
        package var column: Int
        package var text: String

        package var description: String { "--bind: \(message) at column \(column) of \"\(text)\"" }
    }

    /// Reads one `--bind` value into `bindings`, later bindings replacing earlier ones.
    package static func parse(_ text: String, into bindings: inout KeyBindings) throws(Problem) {
        let characters = Array(text)
        var index = 0
        func problem(_ message: String, at position: Int) -> Problem {
            Problem(message: message, column: position + 1, text: text)
        }
        while index < characters.count {
            // The keys: up to the colon; a comma separates them. A key may itself be `,` or `:`
            // only as its first character (fzf's `,:…` is rare and ambiguous; not read).
            let keysStart = index
            while index < characters.count, characters[index] != ":" { index += 1 }
            guard index < characters.count else {
                throw problem("expected KEYS:ACTION, found no colon after \"\(String(characters[keysStart...]))\"", at: keysStart)
            }
            var triggers: [BindTrigger] = []
            var keyStart = keysStart
            for name in String(characters[keysStart..<index]).split(separator: ",", omittingEmptySubsequences: false) {
                guard let trigger = trigger(named: String(name)) else {
                    throw problem("unknown key or event \"\(name)\" (expected a key such as ctrl-r, alt-x, f1, enter, esc, tab, btab, space, up, pgdn, or an event: start, load, change, focus, result, result-final, multi, one, zero, resize, every(SECONDS))", at: keyStart)
                }
                triggers.append(trigger)
                keyStart += name.count + 1
            }
            index += 1  // the colon
            let list = try actionList(characters, from: &index, problem: problem)
            for trigger in triggers { bindings.bind(trigger, to: list) }
        }
    }

    /// One list of actions, as after a `--bind` key's colon: a `transform` command's output
    /// (`change-prompt(x)+reload(y)`), or what `--listen` is sent.
    package static func actions(_ text: String) throws(Problem) -> [BindAction] {
        let characters = Array(text)
        var index = 0
        func problem(_ message: String, at position: Int) -> Problem {
            Problem(message: message, column: position + 1, text: text)
        }
        let list = try actionList(characters, from: &index, problem: problem)
        guard index >= characters.count else { throw problem("expected + between actions, found \",\"", at: index - 1) }
        return list
    }

    /// The actions from `index` up to a comma (taken) or the end, joined by `+`.
    private static func actionList(_ characters: [Character], from index: inout Int,
                                   problem: (String, Int) -> Problem) throws(Problem) -> [BindAction] {
        var list: [BindAction] = []
        parsing: while true {
            let nameStart = index
            // fzf's names: letters and dashes, and `/eof` (`delete-char/eof`).
            while index < characters.count, characters[index].isLetter || characters[index] == "-" || characters[index] == "/" { index += 1 }
            let name = String(characters[nameStart..<index]).lowercased()
            guard let maker = BindAction.vocabulary[name] else {
                let shown = name.isEmpty ? String(characters[nameStart..<min(characters.count, nameStart + 1)]) : name
                throw problem(name.isEmpty && nameStart == characters.count ? "expected an action after the colon" : "unknown action \"\(shown)\"", nameStart)
            }
            var argument: String?
            if index < characters.count, let close = closing[characters[index]] {
                let open = index
                guard let end = characters[(index + 1)...].firstIndex(of: close) else {
                    throw problem("\"\(characters[open])\" of \(name) is never closed with \"\(close)\"", open)
                }
                argument = String(characters[(index + 1)..<end])
                index = end + 1
            } else if index < characters.count, characters[index] == ":" {
                // `action:rest`: the rest of the option, whatever it holds.
                argument = String(characters[(index + 1)...])
                index = characters.count
            }
            switch (maker, argument) {
            case (.plain(let action), nil): list.append(action)
            case (.plain, _?): throw problem("\(name) takes no argument", nameStart)
            case (.argument(let make), let value?): list.append(make(value))
            case (.argument, nil), (.triggers, nil), (.checked(_, nil, _), nil): throw problem("\(name) needs an argument, as \(name)(…)", nameStart)
            case (.checked(_, let plain?, _), nil): list.append(plain)
            case (.checked(let expected, _, let make), let value?):
                guard let action = make(value) else { throw problem("\(name) expects \(expected), found \"\(value)\"", nameStart) }
                list.append(action)
            case (.triggers(let make), let value?):
                var named: [BindTrigger] = []
                for part in value.split(separator: ",") {
                    guard let trigger = trigger(named: String(part)) else {
                        throw problem("unknown key or event \"\(part)\" in \(name)(…)", nameStart)
                    }
                    named.append(trigger)
                }
                list.append(make(named))
            }
            guard index < characters.count else { break parsing }
            switch characters[index] {
            case "+":
                index += 1
            case ",":
                index += 1
                break parsing
            default:
                throw problem("expected + (another action) or , (another binding) after \(name), found \"\(characters[index])\"", index)
            }
        }
        return list
    }

    private static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]

    /// A key by fzf's name (Segue's names are taken too), or an event.
    package static func trigger(named name: String) -> BindTrigger? {
        if let event = BindEvent(rawValue: name) { return .event(event) }
        // `every(N)`: every N seconds (at least 0.01), as fzf's.
        if name.lowercased().hasPrefix("every("), name.hasSuffix(")") {
            guard let seconds = Double(String(name.dropFirst(6).dropLast().filter { $0 != " " })),
                  seconds.isFinite, seconds > 0, seconds < Double(Int32.max) / 1000 else { return nil }
            return .every(milliseconds: Int((max(0.01, seconds) * 1000).rounded()))
        }
        return key(named: name).map(BindTrigger.key)
    }

    /// fzf's key names onto Segue's `Key`: `btab`, `bspace`, `page-up`… besides Segue's own.
    package static func key(named name: String) -> Key? {
        let lower = name.lowercased()
        if let alias = fzfNames[lower] { return alias }
        return Key(name: name)
    }

    private static let fzfNames: [String: Key] = [
        "btab": .backTab, "bspace": .backspace, "bs": .backspace, "page-up": .pageUp, "page-down": .pageDown,
        "alt-bs": .alt("\u{7F}"), "alt-bspace": .alt("\u{7F}"),
        "alt-space": .alt(" "),
    ]
}
