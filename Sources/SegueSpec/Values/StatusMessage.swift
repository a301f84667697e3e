/// A message in the status line, shown until the next key.
package struct StatusMessage: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case info, warning, error }
    package var text: String
    package var kind: Kind

    /// `text` with what it quotes cut to a readable length (`QuotedText.bounded`).
    package init(_ text: String, kind: Kind = .info) {
        self.text = QuotedText.bounded(text)
        self.kind = kind
    }

    package static func error(_ text: String) -> StatusMessage { StatusMessage(text, kind: .error) }
    package static func warning(_ text: String) -> StatusMessage { StatusMessage(text, kind: .warning) }
}
