extension Segue {
    /// The user said no answer (Esc) to a question that must have one: `choose(_:from:title:)`,
    /// `chooseMany(_:from:title:)`, `input(_:validate:)`, `input(_:as:)`, `spin(_:operation:)`.
    /// (The questions written before these give `nil` instead.)
    public struct Cancelled: Error, Equatable, CustomStringConvertible {
        /// What was asked.
        public var question: String

        public init(question: String) { self.question = question }

        public var description: String { question.isEmpty ? "cancelled" : "cancelled: \(question)" }
    }

    /// Ctrl-C (or SIGINT) while a question was asked: a tool ends as a shell command would,
    /// with status 130.
    public struct Interrupted: Error, Equatable, CustomStringConvertible {
        public init() {}

        public var description: String { "interrupted" }
    }
}
