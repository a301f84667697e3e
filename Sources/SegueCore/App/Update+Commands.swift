/// The keymap's commands on the current screen (moving, going back, opening the find line…).
enum Commands {
    /// Carries out a command of the keymap on the current screen.
    static func perform(_ command: KeyCommand, on state: inout AppState) -> [Effect] {
        let viewport = state.listViewport
        // Up is up on screen: with fzf's default layout the list runs from the bottom up.
        let command = state.options.frame?.listBottomUp == true ? command.upsideDown : command
        if [.moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom].contains(command) { state.current.hasMoved = true }
        switch command {
        case .moveUp: state.current.move(by: -1, in: viewport)
        case .moveDown: state.current.move(by: 1, in: viewport)
        case .pageUp: state.current.page(-1, in: viewport)
        case .pageDown: state.current.page(1, in: viewport)
        case .top: state.current.selectFirst(in: viewport)
        case .bottom: state.current.selectLast(in: viewport)
        case .activate: return Activation.activate(&state)
        case .nextField: return FormAnswers.next(&state)
        case .back: return SettingChanges.leave(.back, &state)
        case .previous:
            // ← steps a kind that has steps (a choice, a slider) down, and goes back elsewhere.
            if let kind = state.current.selectedBoundRow?.style.kind, kind.usesArrows, let stepped = kind.step(-1, &state) {
                return stepped
            }
            return SettingChanges.leave(.back, &state)
        case .flip:
            if let stepped = state.current.selectedBoundRow?.style.kind.step(1, &state) { return stepped }
            if state.multiSelects { Activation.toggleMark(&state) }
        case .cancel:
            return SettingChanges.leave(state.stack.count == 1 ? RowAction(.quit(.cancelled)) : .back, &state)
        case .quit: return SettingChanges.leave(.quit, &state)
        case .interrupt: return [.quit(.interrupted)]
        case .suspend: return [.suspend]
        case .refresh: return Sources.refresh(&state)
        case .find: Find.open(&state)
        case .help: state.help = HelpState()
        case .confirm: break  // read only while a question shows
        case .togglePreview: return Preview.toggle(&state)
        case .sortByNextColumn, .reverseSort:
            let said = command == .reverseSort ? state.current.reverseTableSort(in: viewport) : state.current.sortByNextColumn(in: viewport)
            state.setStatus(said)
        case .actionMenu:
            guard let bound = state.current.selectedBoundRow, state.current.selection.map(state.current.isEnabled) == true,
                  let menu = ActionMenu(for: bound) else {
                state.setStatus(StatusMessage("this row has no actions"))
                return []
            }
            state.actionMenu = menu
        case .previewUp: state.current.preview.scroll(by: -1, height: state.previewHeight)
        case .previewDown: state.current.preview.scroll(by: 1, height: state.previewHeight)
        case .previewPageUp: state.current.preview.scroll(by: -max(1, state.previewHeight - 1), height: state.previewHeight)
        case .previewPageDown: state.current.preview.scroll(by: max(1, state.previewHeight - 1), height: state.previewHeight)
        }
        return []
    }
}

extension KeyCommand {
    /// The command moving the other way on screen: for a list drawn from the bottom up.
    var upsideDown: KeyCommand {
        switch self {
        case .moveUp: return .moveDown
        case .moveDown: return .moveUp
        case .pageUp: return .pageDown
        case .pageDown: return .pageUp
        default: return self
        }
    }
}
