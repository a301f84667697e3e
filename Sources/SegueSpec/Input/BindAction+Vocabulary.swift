/// fzf's names of the `--bind` actions, and how each is made from its argument.
extension BindAction {
    /// fzf's name of each action and how its argument makes it; `nil` for an action taking none.
    static let vocabulary: [String: Maker] = [
        "accept": .plain(.accept), "accept-non-empty": .plain(.acceptNonEmpty),
        "accept-or-print-query": .plain(.acceptOrPrintQuery), "abort": .plain(.abort), "print-query": .plain(.printQuery),
        "execute": .argument(BindAction.execute), "execute-silent": .argument(BindAction.executeSilent),
        "become": .argument(BindAction.become),
        "reload": .argument { .reload($0, sync: false) }, "reload-sync": .argument { .reload($0, sync: true) },
        "change-query": .argument(BindAction.changeQuery), "change-prompt": .argument(BindAction.changePrompt),
        "clear-query": .plain(.clearQuery), "put": .checked("text", plain: .putKey, make: { BindAction.put($0) }),
        "change-header": .argument(BindAction.changeHeader), "print": .argument(BindAction.print),
        "change-preview": .argument(BindAction.changePreview),
        "change-preview-window": .argument(BindAction.changePreviewWindow),
        "unbind": .triggers(BindAction.unbind), "rebind": .triggers(BindAction.rebind),
        "toggle-preview": .plain(.togglePreview), "refresh-preview": .plain(.refreshPreview),
        "preview-top": .plain(.previewTop), "preview-bottom": .plain(.previewBottom), "preview-up": .plain(.previewUp), "preview-down": .plain(.previewDown),
        "preview-page-up": .plain(.previewPageUp), "preview-page-down": .plain(.previewPageDown),
        "toggle": .plain(.toggle), "select-all": .plain(.selectAll), "deselect-all": .plain(.deselectAll),
        "toggle-all": .plain(.toggleAll),
        "first": .plain(.first), "top": .plain(.first), "last": .plain(.last), "up": .plain(.up), "down": .plain(.down),
        "page-up": .plain(.pageUp), "page-down": .plain(.pageDown), "toggle-sort": .plain(.toggleSort), "bell": .plain(.bell),
        "select": .plain(.select), "deselect": .plain(.deselect), "toggle-down": .plain(.toggleDown), "toggle-up": .plain(.toggleUp),
        "clear-selection": .plain(.deselectAll), "clear-multi": .plain(.deselectAll),
        "half-page-up": .plain(.halfPageUp), "half-page-down": .plain(.halfPageDown),
        "hide-preview": .plain(.hidePreview), "show-preview": .plain(.showPreview),
        "preview-half-page-up": .plain(.previewHalfPageUp), "preview-half-page-down": .plain(.previewHalfPageDown),
        "cancel": .plain(.cancel), "replace-query": .plain(.replaceQuery), "ignore": .plain(.ignore),
        "disable-search": .plain(.disableSearch), "enable-search": .plain(.enableSearch), "toggle-search": .plain(.toggleSearch),
        // Under `--raw` the unmatched rows are stepped over; without it every row shown is a match.
        "up-match": .plain(.upMatch), "down-match": .plain(.downMatch),
        "toggle-wrap": .plain(.toggleWrap), "toggle-wrap-word": .plain(.toggleWrapWord), "toggle-multi-line": .plain(.toggleMultiLine),
        "toggle-track": .plain(.toggleTrack),
        // fzf's deprecated `execute-multi`: `execute` with `{}` standing for every marked line.
        "execute-multi": .argument { .execute(everyMarked($0)) },
        "transform": .argument { .transform($0, into: .actions) },
        "transform-query": .argument { .transform($0, into: .query) },
        "transform-prompt": .argument { .transform($0, into: .prompt) },
        "transform-header": .argument { .transform($0, into: .header) },
        "transform-search": .argument { .transform($0, into: .search) },
        "transform-nth": .argument { .transform($0, into: .nth) },
        "bg-cancel": .plain(.backgroundCancel),
        // Without fzf's `--raw`, the best match is the first row.
        "best": .plain(.first),
        "pos": .checked("a number (pos(3), pos(-1))", plain: nil, make: { Int(String($0.filter { $0 != " " })).map(BindAction.position) }),
        "change-multi": .checked("a number (change-multi(3); 0 turns marking off)", plain: .changeMulti(nil), make: { text in
            Int(String(text.filter { $0 != " " })).flatMap { $0 >= 0 ? BindAction.changeMulti($0) : nil }
        }),
        "search": .argument(BindAction.search), "change-nth": .argument(BindAction.changeNth),
        // Segue's Tab marks and moves down, as fzf's default layout's `toggle-in`.
        "toggle-in": .plain(.toggleDown), "toggle-out": .plain(.toggleUp),
        "prev-history": .plain(.history(1)), "previous-history": .plain(.history(1)), "next-history": .plain(.history(-1)),
        "down-selected": .plain(.moveToMarked(1)), "next-selected": .plain(.moveToMarked(1)),
        "up-selected": .plain(.moveToMarked(-1)), "prev-selected": .plain(.moveToMarked(-1)),
        "close": .plain(.close), "trigger": .triggers(BindAction.trigger),
        "exclude": .plain(.exclude(multi: false)), "exclude-multi": .plain(.exclude(multi: true)),
    ].merging(editActions) { first, _ in first }.merging(backgroundTransforms) { first, _ in first }

    /// fzf's edits of the query, each as the find line's key does it.
    static let editNames: [String: Key] = [
        "backward-char": .left, "forward-char": .right, "beginning-of-line": .home, "end-of-line": .end,
        "backward-word": .alt("b"), "forward-word": .alt("f"), "backward-subword": .alt("b"), "forward-subword": .alt("f"),
        "backward-delete-char": .backspace, "backward-delete-char/eof": .backspace, "delete-char": .delete, "delete-char/eof": .delete,
        "kill-line": .ctrl("k"), "unix-line-discard": .ctrl("u"), "backward-kill-word": .ctrl("w"), "unix-word-rubout": .ctrl("w"),
        "backward-kill-subword": .ctrl("w"), "kill-word": .alt("d"), "kill-subword": .alt("d"),
    ]

    private static let editActions: [String: Maker] = editNames.mapValues { key in .plain(.edit(key, orAbort: false)) }
        .merging(["backward-delete-char/eof": .plain(.edit(.backspace, orAbort: true)), "delete-char/eof": .plain(.edit(.delete, orAbort: true))]) { $1 }

    private static let backgroundTransforms: [String: Maker] = Dictionary(uniqueKeysWithValues: TransformTarget.allCases.map { target in
        ("bg-" + target.rawValue, Maker.argument { BindAction.backgroundTransform($0, into: target) })
    })

    /// `command` with each `{}` (not `\{}`) made `{+}`: the marked lines, or the selected one.
    static func everyMarked(_ command: String) -> String {
        var result = ""
        var previous: Character?
        var characters = command.makeIterator()
        while let character = characters.next() {
            if character == "{", previous != "\\" {
                guard let next = characters.next() else {
                    result.append(character)
                    break
                }
                result += next == "}" ? "{+}" : String([character, next])
                previous = next
                continue
            }
            result.append(character)
            previous = character
        }
        return result
    }

    /// fzf's other names for an action, never used to name it.
    static let aliases: Set<String> = ["top", "clear-selection", "clear-multi", "best", "toggle-in", "toggle-out",
                                       "next-selected", "prev-selected", "unix-word-rubout"]

    enum Maker: Sendable {
        case plain(BindAction)
        case argument(@Sendable (String) -> BindAction)
        /// An argument that must read (`pos(3)`): what is expected, the action without one if it
        /// may have none, and the action it makes, `nil` when it does not read.
        case checked(String, plain: BindAction?, make: @Sendable (String) -> BindAction?)
        /// Its argument is keys and events, separated by commas (`unbind(ctrl-r,change)`).
        case triggers(@Sendable ([BindTrigger]) -> BindAction)
    }

}
