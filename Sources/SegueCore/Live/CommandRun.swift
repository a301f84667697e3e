/// What a command run for its output whole wrote, in the order it came, and how it ended
/// (`SourceRequest.capturesOutput`: `segue spin`'s command).
public struct CommandRun: Equatable, Sendable {
    /// A piece of what it wrote, on one of its two outputs.
    public struct Chunk: Equatable, Sendable {
        public enum Stream: Equatable, Sendable { case output, errors }
        public var stream: Stream
        public var bytes: [UInt8]

        public init(_ stream: Stream, _ bytes: [UInt8]) {
            self.stream = stream
            self.bytes = bytes
        }
    }

    /// Its exit status: 128 + the signal's number when a signal ended it; 127 when it could not start.
    public var status: Int32
    /// Its standard output and error as they arrived, interleaved as they were read.
    public var chunks: [Chunk]
    /// Why it could not start; `nil` when it ran.
    public var reason: String?

    public init(status: Int32, chunks: [Chunk] = [], reason: String? = nil) {
        self.status = status
        self.chunks = chunks
        self.reason = reason
    }

    /// Everything written on `stream`, in order.
    public func bytes(of stream: Chunk.Stream) -> [UInt8] {
        chunks.reduce(into: []) { all, chunk in if chunk.stream == stream { all += chunk.bytes } }
    }
}

/// What a session passes on once the terminal is back, as it is (`segue spin`'s command's
/// output): bytes for standard output and for standard error.
public struct RelayedOutput: Equatable, Sendable {
    public var output: [UInt8]
    public var errors: [UInt8]

    public init(output: [UInt8] = [], errors: [UInt8] = []) {
        self.output = output
        self.errors = errors
    }
}
