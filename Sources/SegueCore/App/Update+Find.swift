/// The find line: `/` opens it; while it is open, printable keys edit the query and the keys
/// that move go on moving in the (filtered) list.

/// Opens the find line on the current screen, unless its spec turned finding off.
func openFind(_ state: inout AppState) {
    guard let options = state.current.spec.find.options else { return }
    state.current.openFind(prompt: options.prompt, sortsByScore: state.options.sortByScore || options.sortsByScore,
                           in: state.listViewport(finding: true))
}

/// A key while the find line is open.
func findKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    let viewport = state.listViewport
    switch key {
    case .char(let character): state.current.editFind(in: viewport) { $0.insert(String(character)) }
    case .backspace, .ctrl("h"): state.current.editFind(in: viewport) { $0.deleteBackward() }
    case .delete, .ctrl("d"): state.current.editFind(in: viewport) { $0.deleteForward() }
    case .left, .ctrl("b"): state.current.editFind(in: viewport) { $0.moveLeft() }
    case .right, .ctrl("f"): state.current.editFind(in: viewport) { $0.moveRight() }
    case .home, .ctrl("a"): state.current.editFind(in: viewport) { $0.moveToStart() }
    case .end, .ctrl("e"): state.current.editFind(in: viewport) { $0.moveToEnd() }
    case .ctrl("u"): state.current.editFind(in: viewport) { $0.deleteToStart() }
    case .ctrl("k"): state.current.editFind(in: viewport) { $0.deleteToEnd() }
    case .ctrl("w"): state.current.editFind(in: viewport) { $0.deleteWordBackward() }
    case .up, .ctrl("p"):
        state.current.hasMoved = true
        state.current.move(by: -1, in: viewport)
    case .down, .ctrl("n"):
        state.current.hasMoved = true
        state.current.move(by: 1, in: viewport)
    case .pageUp:
        state.current.hasMoved = true
        state.current.page(-1, in: viewport)
    case .pageDown:
        state.current.hasMoved = true
        state.current.page(1, in: viewport)
    case .tab, .backTab:
        // Space types a space here, so Tab marks (as in fzf).
        if state.options.multiSelect { state.current.toggleMark() }
    case .enter:
        return activate(&state)
    case .escape:
        state.current.closeFind(in: state.listViewport(finding: false))
    case .ctrl("c"): return [.quit(.interrupted)]
    case .ctrl("z"): return [.suspend]
    case .ctrl("r"): return refresh(&state)
    default: break
    }
    return []
}
