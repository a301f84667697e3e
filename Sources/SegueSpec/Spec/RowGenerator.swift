/// Rows made from an array in the data context, one per element.
///
/// `{"forEach": "users", "as": "user", "row": {"title": "{{user.name}}"}}`: each element is bound
/// to the name in `as` (default `item`), and the row template is bound only when the row is drawn,
/// so 100,000 generated rows cost what the visible ones cost.
package struct RowGenerator: Equatable, Sendable {
    /// Key path of the array in the screen's context.
    package var forEach: String
    /// The name each element is bound to in the row's context.
    package var name: String
    /// The row every element is bound into.
    package var template: Row

    /// The key path `forEach` names in `context`: a path written with placeholders
    /// (`settings.servers.{{server}}.ports`, the position a segue passed) is rendered first.
    package func path(in context: DataContext) -> String {
        Template.mightHavePlaceholders(forEach) ? Template(forEach).render(in: context) : forEach
    }

    /// Whether its rows come from the settings, which change while its screen is open: its path
    /// names them, or a placeholder in it does (`{{settings.list}}`; a name that only ends so,
    /// `mysettings.x`, just makes the rows again more often).
    package var readsSettings: Bool {
        forEach == "settings" || forEach.contains("settings.")
    }

    package init(forEach: String, name: String = "item", template: Row) {
        self.forEach = forEach
        self.name = name
        self.template = template
    }
}
