import Glibc

/// Starting a program for an `exec` action or a live section: argv looked up in PATH, no shell,
/// default signal handling, in a given folder, with given descriptors as its stdin/out/err.
enum ChildProcess {
    /// Starts `arguments` in `directory`; `input`, `output` and `errors` become its descriptors
    /// 0, 1 and 2, and `closing` are closed in it. With `ownGroup` it leads a new process group,
    /// so that everything it starts can be killed together.
    /// - Returns: its pid, or why it could not start.
    static func spawn(_ arguments: [String], in directory: String, input: Int32, output: Int32, errors: Int32,
                      closing: [Int32] = [], ownGroup: Bool = false,
                      environment: [String: String]? = nil) -> Result<pid_t, SpawnFailure> {
        guard let program = arguments.first else { return .failure(SpawnFailure(reason: "no command")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // It starts with default signal handling, not Segue's.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF)
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        // posix_spawn has no portable "chdir first"; the UI is single-threaded, so change and return.
        let previous = WorkingDirectory.current()
        guard chdir(directory) == 0 else {
            return .failure(SpawnFailure(reason: "cannot enter \(directory): \(String(cString: strerror(errno)))"))
        }
        defer { if let previous { _ = chdir(previous) } }
        var pid: pid_t = 0
        let spawned = envp.map { envp in posix_spawnp(&pid, program, &actions, &attributes, argv, envp) }
            ?? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            return .failure(SpawnFailure(reason: "cannot run \(program): \(String(cString: strerror(spawned)))"))
        }
        return .success(pid)
    }

    /// The exit status of a reaped process: its code, or 128 + the signal that ended it.
    static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Why a program could not be started.
struct SpawnFailure: Error {
    var reason: String
}

/// The process's working directory.
public enum WorkingDirectory {
    public static func current() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
