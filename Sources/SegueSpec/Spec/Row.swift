/// One line (or a few, for tall cell types) of a screen.
public struct Row: Equatable, Sendable {
    /// The main text, drawn at the left.
    public var title: String
    /// Secondary text, drawn right-aligned (or below, in a subtitle cell).
    public var detail: String?
    /// Disabled rows are drawn dim, skipped by the cursor and cannot be activated.
    public var enabled: Bool
    /// The spec this row leads to, with data for it.
    public var segue: SegueTarget?
    /// What activating the row does besides (or instead of) a segue.
    public var action: RowAction?
    /// Every other attribute: cell type, bound data, settings, unknown keys kept for binding.
    public var extras: [String: JSONValue]

    public init(
        title: String = "",
        detail: String? = nil,
        enabled: Bool = true,
        segue: SegueTarget? = nil,
        action: RowAction? = nil,
        extras: [String: JSONValue] = [:]
    ) {
        self.title = title
        self.detail = detail
        self.enabled = enabled
        self.segue = segue
        self.action = action
        self.extras = extras
    }

    /// A row from its attributes as written in a spec; values of the wrong type count as absent
    /// (the loader has reported them already).
    public init(attributes: [String: JSONValue]) {
        self.init()
        for (key, value) in attributes { set(key, value) }
    }

    /// Sets one attribute as a spec would: known keys to their fields, the rest to `extras`.
    public mutating func set(_ key: String, _ value: JSONValue) {
        switch key {
        case "title": title = value.stringValue ?? ""
        case "detail": detail = value.stringValue
        case "enabled":
            if case .string(let text) = value, Template.mightHavePlaceholders(text) {
                // A condition (`"{{settings.tls}}"`), decided when the row is bound.
                enabled = true
                extras[key] = value
            } else {
                enabled = value == .null || value.isTrue  // null means absent
            }
        case "segue": segue = SegueTarget(value)
        case "action": action = RowAction(value)
        default: extras[key] = value
        }
    }

    /// The row's attributes as a spec would write them; the inverse of `init(attributes:)`.
    public var attributes: [String: JSONValue] {
        var result = extras
        if !title.isEmpty { result["title"] = .string(title) }
        if let detail { result["detail"] = .string(detail) }
        if !enabled { result["enabled"] = .bool(false) }
        if let segue { result["segue"] = segue.json }
        if let action { result["action"] = action.json }
        return result
    }

    /// The cell type named by `cell` (or the seed format's `nib` and `class`).
    public var cellName: String? {
        (extras["cell"] ?? extras["nib"] ?? extras["class"])?.stringValue
    }

    /// The key that activates this row from anywhere on its screen (`"key": "f"`).
    public var hotkey: Character? {
        guard let text = extras["key"]?.stringValue, text.count == 1 else { return nil }
        return text.first
    }

    /// The settings the row stands for, as a JSON Pointer: those under `settingsUnder` (a row
    /// opening an object's screen), else its `setting`'s. Where `segue edit` shows their problems.
    package var settingsPointer: String? {
        if let under = extras["settingsUnder"]?.stringValue { return under }
        return setting.map { $0.hasPrefix("/") ? $0 : SettingName.pointer([$0]) }
    }

    /// The setting a toggle or choice row changes.
    public var setting: String? { extras["setting"]?.stringValue }

    /// The values a choice row cycles through: strings, numbers or booleans, saved as they are.
    public var options: [JSONValue] {
        guard case .array(let values) = extras["options"] else { return [] }
        return values.filter {
            switch $0 {
            case .string, .number, .bool: return true
            default: return false
            }
        }
    }

    /// Whether the row is left out of the list (`"hidden"`, true or a condition that held when bound).
    public var isHidden: Bool { extras["hidden"]?.isTrue ?? false }

    /// Whether a long title wraps onto more lines instead of being cut.
    public var wraps: Bool { extras["wrap"] == .bool(true) }

    /// The row's `id`, by which a refresh finds it again.
    public var id: JSONValue? { extras["id"] }

    /// Whether the row takes `enabled` from data (`enabledKeyPath`), so it must be bound to know.
    package var takesEnabledFromData: Bool { extras[Self.enabledKeyPath] != nil }

    /// `xKeyPath` sets attribute `x` from the data at a key path, as the seed format's
    /// `valueForKeyPath:` did.
    package static let keyPathSuffix = "KeyPath"
    package static let enabledKeyPath = "enabled" + keyPathSuffix

    /// The attribute a key-path attribute (`titleKeyPath`) sets (`title`); `nil` for any other key.
    package static func attribute(setByKeyPath key: String) -> String? {
        guard key.hasSuffix(keyPathSuffix), key.count > keyPathSuffix.count else { return nil }
        return String(key.dropLast(keyPathSuffix.count))
    }
}
