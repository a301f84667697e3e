import Glibc
import SegueCore
import SegueTerminal

/// Runs a program to completion, measuring its wall time and peak memory (`wait4`'s rusage).
enum MeasuredProcess {
    struct Result {
        var status: Int32
        var seconds: Double
        /// Peak resident set size, in bytes.
        var peakMemory: Int
        var output: String
        /// Lines of output (counted even when the output is not kept).
        var lines: Int
    }

    /// Runs `arguments` with stdin from `input` (or /dev/null), capturing stdout; with
    /// `keepingOutput` false, only its lines are counted.
    ///
    /// The bench itself must stay small: a child started by `posix_spawn` (vfork) reports the
    /// parent's peak memory as its own when the parent's is higher, so a long output kept here
    /// would show up as the next child's peak.
    /// With `quiet`, its standard error goes to /dev/null.
    static func run(_ arguments: [String], input: String? = nil, keepingOutput: Bool = true, quiet: Bool = false) -> Result {
        let failed = Result(status: 127, seconds: 0, peakMemory: 0, output: "", lines: 0)
        let inputFd: Int32? = input.map { open($0, O_RDONLY | O_CLOEXEC) }
        if inputFd == -1 { return failed }
        defer { if let inputFd { close(inputFd) } }
        var pipeFds: [Int32] = [-1, -1]
        guard pipe(&pipeFds) == 0 else { return failed }
        for fd in pipeFds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let start = Monotonic.now()
        let spawned = ChildProcess(arguments, input: inputFd.map { .descriptor($0) } ?? .null,
                                   output: .descriptor(pipeFds[1]), errors: quiet ? .null : .inherited).spawn()
        close(pipeFds[1])
        defer { close(pipeFds[0]) }
        guard case .success(let pid) = spawned else { return failed }
        var output: [UInt8] = []
        var lines = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(pipeFds[0], &chunk, chunk.count)
            if count > 0 {
                lines += chunk[0..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                if keepingOutput { output += chunk[0..<count] }
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        let seconds = Monotonic.now() - start
        return Result(status: ChildProcess.exitStatus(status), seconds: seconds, peakMemory: usage.ru_maxrss * 1024,
                      output: String(decoding: output, as: UTF8.self), lines: lines)
    }
}
