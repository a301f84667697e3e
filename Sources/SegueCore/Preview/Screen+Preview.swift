extension Screen {
    /// Whether anything loads for the screen: a live section, or its preview's command.
    var hasLoads: Bool { !feeds.isEmpty || preview.phase == .loading || commands.values.contains { $0.phase == .running } }

    /// The preview of shown row `index`, with its templates rendered for the row: its own
    /// `"preview"` (set on it, its cell type or its row template), else its section's. `nil`
    /// when it has none; a problem when what it says is not a preview.
    func preview(ofRow index: Int) -> Result<PreviewSpec, ShapeProblem>? {
        let (section, position) = locate(index)
        let rows = sections[section].rows
        guard !rows.isStatusRow(position) else { return nil }
        let item = rows.binding(at: position)
        let bound = boundRowActing(index)
        let context = sections[section].preview?.mentions("marked") == true ? actingContext(onRow: index) : context
        let value: JSONValue
        if let own = bound.row.extras["preview"] {
            // `null` on the row turns its section's preview off.
            guard own != .null else { return nil }
            value = own
        } else if let shared = sections[section].preview {
            // The section's preview sees the row as bound, and a generated row's item.
            var rowContext = context
            if let item { rowContext = rowContext.adding(item) }
            value = RowBinder.render("preview", shared, in: rowContext.adding(.object(bound.attributes)))
        } else {
            return nil
        }
        switch PreviewSpec.decode(value, path: "preview") {
        // A text that renders empty (`{{notes}}` on a row without notes) is no preview.
        case .success(let spec?) where spec.origin == .text(""): return nil
        case .success(let spec?): return .success(spec)
        case .success(nil): return nil
        case .failure(let problem): return .failure(problem)
        }
    }
}
