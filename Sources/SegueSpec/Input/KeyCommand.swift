/// What a key asks the app to do; the keymap turns keys into commands.
public enum KeyCommand: Hashable, Sendable, CaseIterable {
    case moveUp, moveDown
    case pageUp, pageDown
    case top, bottom
    /// Follow the selected row's segue or run its action.
    case activate
    /// Go back one screen; nothing at the root.
    case back
    /// On a choice row, step to the previous option; elsewhere, go back like `back`.
    case previous
    /// Flip a toggle row or step a choice row forward; nothing on other rows.
    case flip
    /// Go back one screen; at the root, quit with status 1 (cancelled).
    case cancel
    /// Quit with status 0 from any screen.
    case quit
    /// Quit with status 130, as an interrupted program does.
    case interrupt
    /// Load the screen's live sections again from their first page.
    case refresh
    /// Stop the process like Ctrl-Z in a shell; `fg` resumes it.
    case suspend
    /// Open the find line: the rows filter as you type.
    case find
    /// Open the help overlay.
    case help
    /// Answer yes to a `confirm` question (any other key answers no).
    case confirm
    /// Open the selected row's action menu.
    case actionMenu
    /// Show or hide the preview pane.
    case togglePreview
    /// Scroll the preview a line, or a page, up or down.
    case previewUp, previewDown, previewPageUp, previewPageDown
    /// Sort a table by its next column (past the last, its rows' own order), or the other way.
    case sortByNextColumn, reverseSort
    /// In a form (`segue form`): edit the input field selected, else go to the next field; past
    /// the last, answer the form. Elsewhere as `activate`.
    case nextField
}

extension KeyCommand {
    /// Whether the command works the preview pane (and so also while the find line is open).
    package var isPreviewCommand: Bool {
        [.togglePreview, .previewUp, .previewDown, .previewPageUp, .previewPageDown].contains(self)
    }

    /// Whether the command sorts a table (and so means nothing, leaving its key to a row's
    /// hotkey, on a screen without one).
    package var isTableCommand: Bool { self == .sortByNextColumn || self == .reverseSort }
}
