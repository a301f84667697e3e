/// Opening a session deeper than its first screen (`--open`, `--select`): screens stacked as
/// their segues would stack them, and a row selected on the top one.
extension AppState {
    /// Stacks `specs` over the first screen, as segues opened one after another would (back goes
    /// through them), then selects the row of the top screen whose `id`, else title, is
    /// `select`. Returns why not, when no row is.
    package mutating func deepLink(opening specs: [Spec], select: String?) -> String? {
        for spec in specs {
            var screen = makeScreen(spec, title: spec.title ?? Self.defaultTitle(forPath: spec.path ?? ""), passed: [])
            screen.id = nextScreenID
            nextScreenID += 1
            stack.append(screen)
        }
        current.scrollToSelection(in: listViewport)
        guard let select else { return nil }
        guard let row = current.row(withIDOrTitle: select) else {
            return "--select: no row with the id or title \(JSONValue.string(select).summary) on \(current.title)"
        }
        current.hasMoved = true
        current.select(row, in: listViewport)
        return nil
    }
}
