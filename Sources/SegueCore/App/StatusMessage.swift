/// A message in the status line, shown until the next key.
public struct StatusMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case info, warning, error }
    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    public static func error(_ text: String) -> StatusMessage { StatusMessage(text, kind: .error) }
    public static func warning(_ text: String) -> StatusMessage { StatusMessage(text, kind: .warning) }
}
