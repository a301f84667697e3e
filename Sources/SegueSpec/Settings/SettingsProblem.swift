/// Why settings are not being saved, as the status line shows it.
public enum SettingsProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file holds something other than a JSON object, or could not be read:
    /// `settings.json:3:7: expected ',' or '}' after object member, found '"'`. It is never overwritten.
    case corrupt(String)
    /// Writing failed: the file and the system's reason, `settings.json: Permission denied`.
    /// The values stay changed for the session.
    case unwritable(String)
    /// The settings file may not be used (`--safe` and a path outside the spec's folder): the
    /// values change for the session only.
    case refused(String)

    public var description: String {
        switch self {
        case .corrupt(let detail): return "\(detail) — settings are not saved"
        case .unwritable(let detail): return "cannot save settings to \(detail)"
        case .refused(let detail): return "\(detail) — settings are not saved"
        }
    }
}
