/// The styles of each part of the screen.
public struct Theme: Sendable, Equatable {
    public var titleBar = Style(attributes: [.reverse, .bold])
    public var header = Style(foreground: .cyan, attributes: [.bold])
    public var footer = Style(attributes: [.dim])
    public var row = Style.plain
    public var detail = Style(attributes: [.dim])
    public var chevron = Style(attributes: [.dim])
    public var disabled = Style(attributes: [.dim])
    public var selected = Style(attributes: [.reverse, .bold])
    public var hints = Style(attributes: [.dim])
    public var error = Style(foreground: .red, attributes: [.bold])
    public var info = Style.plain
    public var notice = Style(attributes: [.dim])
    /// Characters a find matched: added to the row's own style, so they show on the selected
    /// (reversed) row and without colour.
    public var match = Style(attributes: [.bold, .underline])
    /// The find line's prompt.
    public var prompt = Style(attributes: [.bold])
    /// A row's hotkey: its letter in the title (or before it), added to the row's style.
    public var hotkey = Style(attributes: [.underline])
    /// A warning in the status line (a binding warning).
    public var warning = Style(foreground: .yellow)
    /// The lines around the preview pane, the action menu and the help.
    public var border = Style(attributes: [.dim])
    /// Draw with ASCII only (`--ascii`, or a locale that cannot show UTF-8).
    public var ascii = false
    /// The colours of programs' output (`"format": "ansi"` previews, `--ansi` rows) are drawn;
    /// not without colour (`NO_COLOR`, `--color never`, the mono theme).
    public var drawsProgramColours = true

    public init() {}

    public static let standard = Theme()

    /// For low vision and bright rooms: nothing dim, headers and errors in strong colours, the
    /// selected row in reverse video.
    public static let highContrast: Theme = {
        var theme = Theme()
        theme.header = Style(foreground: .yellow, attributes: [.bold, .underline])
        theme.footer = Style.plain
        theme.detail = Style(foreground: .cyan)
        theme.chevron = Style(attributes: [.bold])
        theme.disabled = Style(attributes: [.italic])
        theme.hints = Style(attributes: [.bold])
        theme.error = Style(foreground: .white, background: .red, attributes: [.bold])
        theme.notice = Style(attributes: [.bold])
        theme.match = Style(foreground: .yellow, attributes: [.bold, .underline])
        theme.hotkey = Style(attributes: [.bold, .underline])
        theme.warning = Style(foreground: .yellow, attributes: [.bold])
        theme.border = Style(attributes: [.bold])
        return theme
    }()

    /// No colour at all: the parts told apart by bold, dim, underline and reverse alone.
    public static let mono: Theme = {
        var theme = Theme().withoutColour
        theme.header = Style(attributes: [.bold, .underline])
        theme.error = Style(attributes: [.bold, .reverse])
        theme.warning = Style(attributes: [.bold])
        return theme
    }()

    /// The built-in themes by name, as `--theme`, `SEGUE_THEME` and a spec's `"theme"` name them.
    public static let named: [(name: String, theme: Theme)] = [
        ("default", .standard), ("high-contrast", .highContrast), ("mono", .mono),
    ]

    /// The theme called `name`, if there is one.
    public static func named(_ name: String) -> Theme? { named.first { $0.name == name }?.theme }

    /// This theme with every colour taken out and its attributes kept (`NO_COLOR`).
    public var withoutColour: Theme {
        var theme = self
        for path in Self.parts { theme[keyPath: path] = Style(attributes: theme[keyPath: path].attributes) }
        theme.drawsProgramColours = false
        return theme
    }

    private static var parts: [WritableKeyPath<Theme, Style>] { [
        \.titleBar, \.header, \.footer, \.row, \.detail, \.chevron, \.disabled, \.selected, \.hints, \.error, \.info,
        \.notice, \.match, \.prompt, \.hotkey, \.warning, \.border,
    ] }
}

/// When colour is used (`--color`): `auto` unless `NO_COLOR` is set and not empty.
public enum ColourChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether to draw colours, given the environment.
    public func usesColour(environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

extension Theme {
    /// The theme a session draws with: `--theme`, else `SEGUE_THEME`, else the user's config
    /// file's, else the spec's `"theme"`, else the default; without its colours when `--color`
    /// (or `NO_COLOR`) says so. An unknown name from the command line or the environment is a
    /// problem to report (the config file and the spec were checked when they were read).
    public static func resolve(option: String?, environment: [String: String], config: String? = nil, spec: String?,
                               colour: ColourChoice) -> Result<Theme, ThemeProblem> {
        var theme = Theme.standard
        if let option {
            guard let named = named(option) else { return .failure(ThemeProblem(source: "--theme", name: option)) }
            theme = named
        } else if let variable = environment["SEGUE_THEME"], !variable.isEmpty {
            guard let named = named(variable) else { return .failure(ThemeProblem(source: "SEGUE_THEME", name: variable)) }
            theme = named
        } else if let config, let named = named(config) {
            theme = named
        } else if let spec, let named = named(spec) {
            theme = named
        }
        return .success(colour.usesColour(environment: environment) ? theme : theme.withoutColour)
    }
}

/// A theme name that names no theme.
public struct ThemeProblem: Error, Equatable, CustomStringConvertible {
    public var source: String
    public var name: String

    public var description: String {
        "\(source): expected " + Theme.named.map { "\"\($0.name)\"" }.joined(separator: ", ") + ", found \"\(name)\""
    }
}
