/// A screen's preview pane: which preview it shows, how far its command has got, what it said,
/// and where the pane is scrolled to. Pure state; the `Preview` reducer (`App/Update+Preview`) changes it.
package struct PreviewState: Sendable {
    package enum Phase: Equatable, Sendable {
        /// Nothing to show: the selected row has no preview.
        case none
        /// A command waits for the selection to settle (so holding ↓ starts few of them).
        case waiting
        /// A command runs; `lines` holds what it has said so far.
        case loading
        /// Done: `lines` is all of it.
        case done
        /// The command failed, or the row's preview is not valid: why.
        case failed(String)
    }

    /// The preview shown (templates rendered for the selected row).
    package private(set) var spec: PreviewSpec?
    package private(set) var phase: Phase = .none
    /// The text, a line each, escape sequences still in (drawn or removed as the spec says).
    package private(set) var lines: [String] = []
    /// The first line shown.
    package private(set) var scroll = 0
    /// Bumped for each new preview; a command's answer counts only for the newest.
    private(set) var generation = 0
    /// A row of this screen has had a preview: the pane stays, so the list does not jump as the
    /// selection passes rows without one.
    package private(set) var hasShown = false
    /// The spinner's frame while a command runs.
    package private(set) var frame = 0

    /// Lines kept of one preview's output; a longer one is cut here, with a note.
    static let lineLimit = 5_000
    /// Bytes kept of one line of output. The pane cuts lines to its width and does not scroll
    /// sideways, so more than this is never shown: 4 KiB is wider than any pane, colour codes
    /// and wide characters included. With `lineLimit`, a preview keeps at most 20 MB, whatever
    /// its command prints (a 100 MB line costs 4 KiB).
    static let lineByteLimit = 4_096
    /// Seconds the selection must rest before a preview command runs.
    static let delay = 0.05

    /// Shows `spec` (or nothing): a text at once, a command's output as `cached` (what the
    /// session's `PreviewCache` kept of it), or else waiting for the command. Returns whether a
    /// command must run.
    mutating func show(_ spec: PreviewSpec?, problem: String? = nil, cached: [String]? = nil) -> Bool {
        generation += 1
        self.spec = spec
        scroll = 0
        lines = []
        if let problem {
            phase = .failed(problem)
            hasShown = true
            return false
        }
        guard let spec else {
            phase = .none
            return false
        }
        hasShown = true
        // Lines still to come are scrolled to as they arrive: drawing starts at `scroll`.
        scroll = spec.window.firstLine
        switch spec.origin {
        case .text(let text):
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            phase = .done
            return false
        case .command:
            if let cached {
                lines = cached
                scroll = min(scroll, max(0, lines.count - 1))
                phase = .done
                return false
            }
            phase = .waiting
            return true
        }
    }

    /// The command for generation `generation` starts; false if it is no longer wanted.
    mutating func start(generation: Int) -> Bool {
        guard generation == self.generation, phase == .waiting else { return false }
        phase = .loading
        return true
    }

    /// The spinner turns while a command runs.
    mutating func tick() {
        if phase == .loading || phase == .waiting { frame += 1 }
    }

    /// Refused without running (commands are off).
    mutating func refuse(_ reason: String) {
        phase = .failed(reason)
    }

    /// Output arrived for `generation`: false once the output is longer than the limit (the
    /// command should stop). Each line keeps what can be shown of it (`lineByteLimit`).
    mutating func receive(_ new: [String], generation: Int) -> Bool {
        guard generation == self.generation, phase == .loading else { return true }
        lines += new.prefix(Self.lineLimit - lines.count).map(Self.shown)
        guard lines.count < Self.lineLimit else {
            lines.append("… (cut at \(Self.lineLimit) lines)")
            finish(.done(next: .end), generation: generation)
            return false
        }
        return true
    }

    /// The command for `generation` ended.
    mutating func finish(_ outcome: SourceOutcome, generation: Int) {
        guard generation == self.generation, phase == .loading else { return }
        switch outcome {
        case .done:
            phase = .done
            // An offset past the end shows the last line rather than nothing.
            scroll = min(scroll, max(0, lines.count - 1))
        case .failed(let message), .refused(let message):
            phase = .failed(message)
        }
    }

    /// Scrolls by `lines`, within the text and a pane of `height` lines.
    mutating func scroll(by step: Int, height: Int) {
        scroll = max(0, min(scroll + step, lines.count - max(1, height)))
    }

    /// Forgets what is shown (not the cache): the next `show` starts over.
    mutating func reset() {
        generation += 1
        spec = nil
        phase = .none
        lines = []
        scroll = 0
    }

    /// The finished output of a command, to be kept in the session's cache: `nil` while it
    /// runs, for a text, or after a failure.
    var finishedOutput: (spec: PreviewSpec, lines: [String])? {
        guard phase == .done, let spec, case .command = spec.origin else { return nil }
        return (spec, lines)
    }

    /// `line` cut to `lineByteLimit` bytes, at the start of a character's scalar.
    static func shown(_ line: String) -> String {
        let bytes = line.utf8
        guard bytes.count > lineByteLimit else { return line }
        var end = bytes.index(bytes.startIndex, offsetBy: lineByteLimit)
        while end > bytes.startIndex, UTF8.isContinuation(bytes[end]) { end = bytes.index(before: end) }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
