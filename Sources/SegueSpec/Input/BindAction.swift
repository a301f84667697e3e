/// One of fzf's `--bind` actions, as a value: what a key or an event asks for
/// (`ctrl-r:reload(ps -ef)`). The core's `Bindings` reducer performs them; the commands they
/// carry are written with fzf's placeholders (`{}`, `{1}`, `{q}`, `{+}`), bound when they run.
package enum BindAction: Equatable, Sendable {
    case accept, acceptNonEmpty, acceptOrPrintQuery, abort, printQuery
    /// Runs a command with the terminal lent to it, as an exec without `wait`.
    case execute(String)
    /// Runs a command in the background, the list staying on screen.
    case executeSilent(String)
    /// Ends the session and runs the command in Segue's place.
    case become(String)
    /// The piped lines replaced by the command's output, the query kept. `sync`: fzf's
    /// `reload-sync` (Segue's reload always keeps the old lines until the new ones come).
    case reload(String, sync: Bool)
    case changeQuery(String), changePrompt(String), clearQuery, put(String)
    /// The bound key's own character put at the cursor (fzf's `put` without an argument).
    case putKey
    /// The text above the rows (`--header`) replaced.
    case changeHeader(String)
    /// The preview's command replaced (fzf's placeholders, as `--preview`'s).
    case changePreview(String)
    /// The preview pane's layout replaced, as `--preview-window` writes it.
    case changePreviewWindow(String)
    /// A line printed before the chosen values when the session ends with a choice.
    case print(String)
    /// Keys or events that stop, or start again, doing what they are bound to.
    case unbind([BindTrigger]), rebind([BindTrigger])
    case togglePreview, refreshPreview, previewUp, previewDown, previewPageUp, previewPageDown, previewTop, previewBottom
    case toggle, selectAll, deselectAll, toggleAll, select, deselect, toggleDown, toggleUp
    case first, last, up, down, pageUp, pageDown, halfPageUp, halfPageDown
    /// The next row the find matches, up or down: with fzf's `--raw`, past the rows it does not
    /// match, shown dim; otherwise every row shown is a match, and these are `up` and `down`.
    case upMatch, downMatch
    case hidePreview, showPreview, previewHalfPageUp, previewHalfPageDown
    /// The query cleared, else (nothing typed) abort.
    case cancel
    /// The query replaced by the selected line.
    case replaceQuery
    /// Nothing (fzf's `ignore`, to take a key's own use away).
    case ignore
    /// Matches best first, or in the input's order (`--no-sort`), the other way from now.
    case toggleSort
    /// The rows' looks the other way from now: wrapping (anywhere, or at spaces: `--wrap`,
    /// `--wrap=word`), multi-line items (`--no-multi-line`).
    case toggleWrap, toggleWrapWord, toggleMultiLine
    /// The selection follows its row through query changes (`--track`), or not, the other way from now.
    case toggleTrack
    /// The terminal's bell.
    case bell
    /// Search paused (fzf's `--disabled`: the query is only text, every row shows), going on
    /// again, or the other way from now.
    case disableSearch, enableSearch, toggleSearch
    /// A command run in the background whose output is what to do (`transform`: actions, read
    /// as `--bind` reads them) or the new value of the query, the prompt or the header; the
    /// actions after it wait for it.
    case transform(String, into: TransformTarget)
    /// As `transform`, without holding the keys or the rest of the list (fzf's `bg-transform…`):
    /// what it prints is performed when it comes; a newer one stops an older one.
    case backgroundTransform(String, into: TransformTarget)
    /// Stops the background transform running, its answer dropped.
    case backgroundCancel
    /// The cursor on the Nth row shown, from 1; a negative N counts from the last (fzf's `pos`).
    case position(Int)
    /// Marking on with at most N rows (`nil`: no limit), or off with 0 (fzf's `change-multi`).
    case changeMulti(Int?)
    /// The rows filtered by this text, the query left as typed (fzf's `search`), until the
    /// query is edited.
    case search(String)
    /// The fields a find reads (`--nth`) replaced; alternatives separated by `|` are taken in
    /// turn, one each time; nothing: the whole line.
    case changeNth(String)
    /// One of the find line's edits, as its key does it (`kill-line` as Ctrl-K); `orAbort`:
    /// with the query empty, abort instead (fzf's `delete-char/eof`).
    case edit(Key, orAbort: Bool)
    /// An older (1) or a newer (-1) query of `--history`, as Ctrl-P and Ctrl-N step.
    case history(Int)
    /// The cursor on the next marked row below (1) or above (-1).
    case moveToMarked(Int)
    /// The preview closed if it shows, else abort (fzf's `close`).
    case close
    /// The selected row taken out of the list (`multi`: the marked rows, else the selected one),
    /// until its source loads again (fzf's `exclude`, `exclude-multi`).
    case exclude(multi: Bool)
    /// The actions bound to these keys and events, performed here (fzf's `trigger`).
    case trigger([BindTrigger])

    /// Whether it runs a command, now or later (a preview command, the bindings it triggers):
    /// what `--listen` refuses from outside without `--listen-unsafe`, as fzf's does.
    package var runsCommand: Bool {
        switch self {
        case .execute, .executeSilent, .become, .reload, .changePreview, .transform, .backgroundTransform, .trigger: return true
        default: return false
        }
    }

    /// The action's fzf name, for the help and `SEGUE_ACTION`.
    package var name: String {
        switch self {
        case .execute: return "execute"
        case .executeSilent: return "execute-silent"
        case .become: return "become"
        case .reload(_, let sync): return sync ? "reload-sync" : "reload"
        case .changeQuery: return "change-query"
        case .changePrompt: return "change-prompt"
        case .put: return "put"
        case .changeHeader: return "change-header"
        case .print: return "print"
        case .changePreview: return "change-preview"
        case .changePreviewWindow: return "change-preview-window"
        case .unbind: return "unbind"
        case .rebind: return "rebind"
        case .transform(_, let target): return target.rawValue
        case .backgroundTransform(_, let target): return "bg-" + target.rawValue
        case .position: return "pos"
        case .changeMulti: return "change-multi"
        case .search: return "search"
        case .changeNth: return "change-nth"
        case .edit(let key, let orAbort): return Self.editNames.first { $0.value == key && $0.key.hasSuffix("/eof") == orAbort && !Self.aliases.contains($0.key) }?.key ?? "?"
        case .history(let step): return step > 0 ? "prev-history" : "next-history"
        case .moveToMarked(let step): return step > 0 ? "down-selected" : "up-selected"
        case .trigger: return "trigger"
        case .putKey: return "put"
        case .exclude(let multi): return multi ? "exclude-multi" : "exclude"
        default:
            return Self.vocabulary.first { if case .plain(let action) = $0.value, !Self.aliases.contains($0.key) { return action == self } else { return false } }?.key ?? "?"
        }
    }

    /// The action as fzf writes it, with its argument: `reload(ps -ef)`.
    package var written: String {
        switch self {
        case .execute(let text), .executeSilent(let text), .become(let text), .reload(let text, _),
             .changeQuery(let text), .changePrompt(let text), .put(let text), .changeHeader(let text), .print(let text), .changePreview(let text),
             .changePreviewWindow(let text), .transform(let text, _), .backgroundTransform(let text, _), .search(let text), .changeNth(let text):
            return "\(name)(\(text))"
        case .position(let number):
            return "pos(\(number))"
        case .changeMulti(let limit):
            return limit.map { "change-multi(\($0))" } ?? name
        case .trigger(let triggers):
            return "\(name)(\(triggers.map(\.name).joined(separator: ",")))"
        case .unbind(let triggers), .rebind(let triggers):
            return "\(name)(\(triggers.map(\.name).joined(separator: ",")))"
        default:
            return name
        }
    }
}

/// What a `transform…` command's output becomes: actions to perform, or a value.
package enum TransformTarget: String, Sendable, CaseIterable {
    case actions = "transform", query = "transform-query", prompt = "transform-prompt", header = "transform-header"
    case search = "transform-search", nth = "transform-nth"
}

/// What a binding is on: a key, one of fzf's events, or a timer (`every(0.5)`, by its interval).
package enum BindTrigger: Hashable, Sendable {
    case key(Key)
    case event(BindEvent)
    case every(milliseconds: Int)
}

/// fzf's events a binding may be on (`--bind 'start:reload(…)'`).
package enum BindEvent: String, Hashable, Sendable, CaseIterable {
    /// Once, as the session starts.
    case start
    /// When the piped lines (or a reload's) have all come.
    case load
    /// When the query changes.
    case change
    /// When the selected row changes (another row, or none).
    case focus
    /// When filtering has finished for the query (or for rows that came).
    case result
    /// As `result`, once every line has come (fzf's `result-final`).
    case resultFinal = "result-final"
    /// When the marked rows change.
    case multi
    /// When filtering has finished with one match, every line having come (`one:accept`).
    case one
    /// When filtering has finished with no match, every line having come.
    case zero
    /// When the terminal's size changes.
    case resize
}

/// Every `--bind`, in order: a later binding of the same key or event replaces an earlier one,
/// as in fzf.
package struct KeyBindings: Equatable, Sendable {
    package private(set) var actions: [BindTrigger: [BindAction]] = [:]

    package init() {}

    package var isEmpty: Bool { actions.isEmpty }

    package subscript(key: Key) -> [BindAction]? { actions[.key(key)] }
    package subscript(event: BindEvent) -> [BindAction]? { actions[.event(event)] }

    /// The intervals of the `every(N)` bindings, in milliseconds, shortest first.
    package var everyIntervals: [Int] {
        actions.keys.compactMap { if case .every(let interval) = $0 { return interval } else { return nil } }.sorted()
    }

    package mutating func bind(_ trigger: BindTrigger, to list: [BindAction]) { actions[trigger] = list }

    package mutating func unbind(_ trigger: BindTrigger) { actions[trigger] = nil }

    /// These bindings with `other`'s over them, trigger by trigger.
    package func overlaid(by other: KeyBindings) -> KeyBindings {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var merged = self
        merged.actions.merge(other.actions) { $1 }
        return merged
    }

    /// The keys bound, with what they do, for the help: `ctrl-r  reload(ps -ef)`.
    package var keyLines: [(key: Key, actions: String)] {
        actions.compactMap { trigger, list -> (Key, String)? in
            guard case .key(let key) = trigger else { return nil }
            return (key, list.map(\.written).joined(separator: "+"))
        }.sorted { $0.0.label < $1.0.label }
    }
}

extension BindTrigger {
    /// How `SEGUE_KEY` and `unbind(…)` name it: fzf's key name, or the event's.
    package var name: String {
        switch self {
        case .key(let key): return key.configName
        case .event(let event): return event.rawValue
        case .every(let interval): return "every(\(Double(interval) / 1000))"
        }
    }
}

extension Key {
    /// The key as fzf and `--expect` name it: `ctrl-r`, `alt-x`, `f2`, `enter`, `btab`.
    package var configName: String {
        switch self {
        case .char(" "): return "space"
        case .char(let character): return String(character)
        case .ctrl(" "): return "ctrl-space"
        case .ctrl(let letter): return "ctrl-\(letter)"
        case .alt("\u{7F}"): return "alt-bspace"
        case .alt("\r"): return "alt-enter"
        case .alt(let character): return "alt-\(character)"
        case .function(let number): return "f\(number)"
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .backTab: return "btab"
        case .backspace: return "bspace"
        case .delete: return "del"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        default: return label.lowercased()
        }
    }
}
