/// What the user told Segue: their `config.json` (`$XDG_CONFIG_HOME/segue/config.json`, else
/// `~/.config/segue/config.json`) with its keys and theme, and `SEGUE_THEME` and `NO_COLOR` over
/// it, read as the `segue` command reads them. Sessions and questions use them without being
/// told (a config that does not read is left out); a tool that wants to say why its user's
/// config does not read loads them itself and passes them on:
///
/// ```swift
/// let preferences = try UserPreferences.load()
/// _ = try await Segue.run(specAt: "menu.json", keymap: preferences.keymap, theme: preferences.theme)
/// ```
public struct UserPreferences: Sendable {
    /// Segue's keys with the config's `"keys"` over them.
    public var keymap: Keymap
    /// `SEGUE_THEME`, else the config's `"theme"`, else the default; without colours under
    /// `NO_COLOR`.
    public var theme: Theme

    public init(keymap: Keymap = .standard, theme: Theme = .standard) {
        self.keymap = keymap
        self.theme = theme
    }

    /// The preferences `environment` leads to (the process's by default); the standard keys
    /// and theme where there is no config file.
    /// - Throws: `SpecError` naming the config file, its line and column, for a config that does
    ///   not read; `ThemeProblem` for a `SEGUE_THEME` that names no theme.
    public static func load(environment: [String: String]? = nil) throws -> UserPreferences {
        let environment = environment ?? ProcessEnvironment.variables()
        var config = UserConfig()
        if let path = UserConfig.path(environment: environment) { config = try UserConfig.load(path: path).get() }
        let theme = try Theme.resolve(option: nil, environment: environment, config: config.theme, spec: nil, colour: .auto).get()
        return UserPreferences(keymap: config.keymap, theme: theme)
    }
}

extension UserPreferences {
    /// What questions, and sessions given no theme, draw with: the user's preferences, or the
    /// standard ones (without colour under `NO_COLOR`) when their config does not read.
    static func ofThisUser() -> UserPreferences {
        let environment = ProcessEnvironment.variables()
        if let preferences = try? load(environment: environment) { return preferences }
        let colour = ColourChoice.auto.usesColour(environment: environment)
        return UserPreferences(theme: colour ? .standard : Theme.standard.withoutColour)
    }
}
