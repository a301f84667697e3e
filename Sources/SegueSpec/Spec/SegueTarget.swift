/// Where a row leads: another spec, and data handed to it.
///
/// Written in a spec as a path (`"segue": "food.json"`) or an object
/// (`"segue": {"spec": "user.json", "data": {"id": "{{id}}"}}`); the destination sees `data` in its
/// context and the row that opened it as `sender`, the terminal counterpart of prepare-for-segue.
public struct SegueTarget: Equatable, Sendable, ExpressibleByStringLiteral {
    /// Path of the spec, relative to the folder of the spec holding the row; may hold templates.
    public var spec: String
    /// Data for the destination's context; string values may hold templates.
    public var data: JSONValue?
    /// A spec built in code (by a Swift handler) to show instead of reading `spec` from a file.
    public var built: BuiltSpec?
    /// A command whose standard output is the spec (`{"command": ["gen-menu"]}`): run in the
    /// spec's folder, its JSON loaded as a file's would be; may hold templates.
    public var command: [String]?

    public init(spec: String, data: JSONValue? = nil) {
        self.spec = spec
        self.data = data
    }

    /// A segue to a spec built in code; `title` names the screen when the spec has no title.
    public init(built spec: Spec, title: String? = nil) {
        self.spec = spec.path ?? ""
        built = BuiltSpec(spec, title: title)
    }

    public init(stringLiteral value: String) {
        self.init(spec: value)
    }

    /// A segue as a spec writes it (a path, or `{"spec": …, "data": …}`); `nil` for anything else.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let path) where !path.isEmpty:
            self.init(spec: path)
        case .object(let members):
            let data = members["data"].flatMap { $0 == .null ? nil : $0 }
            if case .array(let parts)? = members["command"], members["spec"] == nil || members["spec"] == .null {
                let arguments = parts.compactMap(\.stringValue)
                guard !arguments.isEmpty, arguments.count == parts.count else { return nil }
                self.init(spec: "", data: data)
                command = arguments
                return
            }
            guard let path = members["spec"]?.stringValue, !path.isEmpty else { return nil }
            self.init(spec: path, data: data)
        default:
            return nil
        }
    }

    /// The segue as a spec writes it.
    public var json: JSONValue {
        if let command {
            var members: [String: JSONValue] = ["command": .array(command.map { .string($0) })]
            if let data { members["data"] = data }
            return .object(members)
        }
        guard let data else { return .string(spec) }
        return .object(["spec": .string(spec), "data": data])
    }
}

/// A spec built in code, as a segue's destination. Two are equal when they are the same build:
/// a spec holds rows and sources that have no meaningful value equality.
public final class BuiltSpec: Equatable, Sendable {
    public let spec: Spec
    public let title: String?

    public init(_ spec: Spec, title: String? = nil) {
        self.spec = spec
        self.title = title
    }

    public static func == (lhs: BuiltSpec, rhs: BuiltSpec) -> Bool { lhs === rhs }
}
