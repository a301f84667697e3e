/// Which load a source's answer belongs to: the screen, the section and the refresh generation.
/// Answers for a screen that is gone or an older generation are dropped.
public struct SourceKey: Hashable, Sendable {
    public var screen: Int
    public var section: Int
    public var generation: Int

    public init(screen: Int, section: Int, generation: Int) {
        self.screen = screen
        self.section = section
        self.generation = generation
    }

    /// A screen's preview command is loaded as a source of its own, in this place of a section.
    public static let previewSection = -1

    /// The load of a screen's preview, by generation.
    public static func preview(screen: Int, generation: Int) -> SourceKey {
        SourceKey(screen: screen, section: previewSection, generation: generation)
    }

    /// Whether this is a preview's load rather than a section's.
    public var isPreview: Bool { section == Self.previewSection }
}

/// One page to load from a source, with its templates filled in.
public struct SourceRequest: Equatable, Sendable {
    public var key: SourceKey
    /// The argv to run, or the file to read (resolved against the spec's folder).
    public var origin: SourceSpec.Origin
    public var format: SourceSpec.Format
    /// Where a command runs: the spec's folder.
    public var directory: String
    /// `SEGUE_PAGE`, `SEGUE_OFFSET`, `SEGUE_QUERY` (and `SEGUE_CURSOR`), added to the environment.
    public var environment: [String: String]
    public var timeout: Double?
    /// The page, as a Swift source is asked for it.
    public var page: PageRequest
    /// What ends a `lines` item: a line feed, or NUL (`--read0`).
    public var itemEnd: UInt8 = 0x0A
    /// The command's output is kept whole, not read as items (`segue spin`): its standard output
    /// and error as they come, and its exit status, in one `Event.commandFinished` at its end.
    /// Its standard input is Segue's when that is not the terminal (`data | segue spin -- gzip`).
    public var capturesOutput = false
    /// The most bytes of output kept when it is captured; past it the command is stopped and its
    /// run fails (`nil`: no limit).
    public var outputLimit: Int?
    /// `--safe`: a file source must be inside this folder, or it is refused (`.refused`).
    public var confinement: Confinement?

    public init(key: SourceKey, origin: SourceSpec.Origin, format: SourceSpec.Format, directory: String,
                environment: [String: String], timeout: Double?, page: PageRequest = PageRequest()) {
        self.page = page
        self.key = key
        self.origin = origin
        self.format = format
        self.directory = directory
        self.environment = environment
        self.timeout = timeout
    }
}

/// How a page load ended.
public enum SourceOutcome: Equatable, Sendable {
    /// All its items have arrived; `next` is what the page said about the next one.
    case done(next: NextPage)
    /// It failed: the command's status and last lines of stderr, a parse error, a timeout.
    case failed(String)
    /// It was not read, and retrying will not change that: a file outside `--safe`'s folder.
    case refused(String)
}

/// What a page says about the one after it.
public enum NextPage: Equatable, Sendable {
    /// Nothing: paging goes on until a short page.
    case unspecified
    /// `"next": null`: this was the last page.
    case end
    /// `"next": "token"`: passed to the next call as `{{cursor}}`.
    case cursor(String)
}
