import Glibc

/// A program to start: argv looked up in PATH, no shell, default signal handling and an empty
/// signal mask, in a given folder, with chosen descriptors as its stdin, stdout and stderr.
///
/// The one place Segue starts processes: `exec` actions, live sections, the bench and the
/// end-to-end tests' host commands. The calling process's working directory never changes (the
/// child enters its folder between fork and exec), because SegueKit runs inside other programs,
/// whose other threads must not see the folder change under them.
package struct ChildProcess: Sendable {
    /// What one of the child's standard descriptors is.
    package enum Stream: Sendable, Equatable {
        /// `/dev/null`, opened for reading (stdin) or writing (stdout, stderr).
        case null
        /// The parent's descriptor of the same number.
        case inherited
        /// A descriptor of the parent, duplicated onto the child's.
        case descriptor(Int32)
        /// A file the child opens for reading and writing; with `newSession`, a terminal opened
        /// this way becomes the child's controlling terminal.
        case file(String)
    }

    /// Program first.
    package var arguments: [String]
    /// Where it runs; `nil` for the parent's working directory.
    package var directory: String?
    package var input: Stream
    package var output: Stream
    package var errors: Stream
    /// Descriptors closed in the child (the parent's ends of its pipes). Every descriptor above 2
    /// is closed anyway where the C library can (glibc 2.34 and later).
    package var closing: [Int32]
    /// Whether it leads a new process group, so that everything it starts can be killed together.
    package var ownGroup: Bool
    /// Its whole environment; `nil` for the parent's.
    package var environment: [String: String]?
    /// A terminal whose foreground process group the child's own group becomes before the
    /// program starts (with `ownGroup`), so it can read the terminal at once; the caller makes it
    /// so too, where the C library cannot.
    package var foregroundOf: Int32?
    /// Whether it starts a session of its own (`setsid`), leaving the parent's terminal.
    package var newSession = false

    package init(_ arguments: [String], in directory: String? = nil, input: Stream = .null, output: Stream = .null,
                errors: Stream = .null, closing: [Int32] = [], ownGroup: Bool = false,
                environment: [String: String]? = nil, foregroundOf: Int32? = nil) {
        self.arguments = arguments
        self.directory = directory
        self.input = input
        self.output = output
        self.errors = errors
        self.closing = closing
        self.ownGroup = ownGroup
        self.environment = environment
        self.foregroundOf = foregroundOf
    }

    /// Starts the program.
    /// - Returns: its pid (the caller reaps it), or why it could not start.
    package func spawn() -> Result<pid_t, SpawnFailure> {
        guard let program = arguments.first else { return .failure(SpawnFailure(reason: "no command")) }
        // A C string ends at NUL: such an argument would reach the program cut short, silently.
        if let index = arguments.firstIndex(where: { $0.utf8.contains(0) }) {
            return .failure(SpawnFailure(reason: "cannot run \(program): argument \(index) holds a NUL character"))
        }
        if let name = environment?.first(where: { $0.key.utf8.contains(0) || $0.value.utf8.contains(0) })?.key {
            return .failure(SpawnFailure(reason: "cannot run \(program): the environment variable \(name) holds a NUL character"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory {
            guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
                return .failure(SpawnFailure(reason: "cannot enter \(directory): the C library cannot start a program in another folder"))
            }
        }
        for (stream, target, mode) in [(input, Int32(0), O_RDONLY), (output, 1, O_WRONLY), (errors, 2, O_WRONLY)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0)
            case .inherited: break
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_RDWR, 0)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        if ownGroup, let terminal = foregroundOf, let addTcsetpgrp = Self.addTcsetpgrp { _ = addTcsetpgrp(&actions, terminal) }
        // Nothing else of the parent's leaks into the child: a descriptor another thread has open
        // for writing would keep a file busy (ETXTBSY when it is run) for as long as the child
        // lives, and a pipe's write end would keep its reader waiting.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // It starts with default signal handling and nothing blocked, not with its parent's.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        // glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift's Glibc module does not declare.
        if newSession { flags |= 0x80 }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = envp.map { envp in posix_spawnp(&pid, program, &actions, &attributes, argv, envp) }
            ?? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            // The child reports a missing folder and a missing program alike; tell them apart.
            if let directory, access(directory, X_OK) != 0 {
                return .failure(SpawnFailure(reason: "cannot enter \(directory): \(String(cString: strerror(errno)))"))
            }
            return .failure(SpawnFailure(reason: "cannot run \(program): \(String(cString: strerror(spawned)))"))
        }
        return .success(pid)
    }

    /// Waits for `pid` to end and reaps it.
    /// - Returns: its exit status (see `exitStatus`).
    package static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return exitStatus(status)
    }

    /// The exit status of a reaped process: its code, or 128 + the signal that ended it.
    package static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                 UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddTcsetpgrp = AddCloseFrom

    // glibc's file actions `posix_spawn_file_actions_addchdir_np` (2.29 and later),
    // `…_addclosefrom_np` (2.34) and `…_addtcsetpgrp_np` (2.35), which Swift's Glibc module does not declare (they need
    // `_GNU_SOURCE`): looked up once, by name.
    private static let addChdir: AddChdir? = glibcFunction("posix_spawn_file_actions_addchdir_np")
    private static let addCloseFrom: AddCloseFrom? = glibcFunction("posix_spawn_file_actions_addclosefrom_np")
    private static let addTcsetpgrp: AddTcsetpgrp? = glibcFunction("posix_spawn_file_actions_addtcsetpgrp_np")

    private static func glibcFunction<Function>(_ name: String) -> Function? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }
}

/// Why a program could not be started.
package struct SpawnFailure: Error, Sendable {
    package var reason: String
}

/// The process's working directory.
package enum WorkingDirectory {
    package static func current() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
