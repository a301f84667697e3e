/// A screen described by a spec file (or built in code): a title and sections of rows.
public struct Spec: Sendable {
    /// The title shown in the top line and the breadcrumb; `nil` lets the screen pick one.
    public var title: String?
    public var sections: [Section]
    /// The file the spec was read from, if any; segues resolve against its folder.
    public var path: String?

    public init(title: String? = nil, sections: [Section], path: String? = nil) {
        self.title = title
        self.sections = sections
        self.path = path
    }

    /// Number of rows over all sections.
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }
}
