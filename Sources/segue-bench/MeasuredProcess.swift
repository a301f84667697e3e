import Glibc
import SegueCore

/// Runs a program to completion, measuring its wall time and peak memory (`wait4`'s rusage).
enum MeasuredProcess {
    struct Result {
        var status: Int32
        var seconds: Double
        /// Peak resident set size, in bytes.
        var peakMemory: Int
        var output: String
    }

    /// Runs `arguments` with stdin from `input` (or /dev/null), capturing stdout.
    static func run(_ arguments: [String], input: String? = nil) -> Result {
        var pipeFds: [Int32] = [-1, -1]
        _ = pipe(&pipeFds)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFds[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Monotonic.now()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipeFds[1])
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while spawned == 0 {
            let count = read(pipeFds[0], &chunk, chunk.count)
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        close(pipeFds[0])
        guard spawned == 0 else { return Result(status: 127, seconds: 0, peakMemory: 0, output: "") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        let seconds = Monotonic.now() - start
        return Result(status: (status >> 8) & 0xff, seconds: seconds, peakMemory: usage.ru_maxrss * 1024,
                      output: String(decoding: output, as: UTF8.self))
    }
}
