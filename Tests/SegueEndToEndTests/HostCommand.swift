import Foundation
import SegueTerminal

/// Runs a program and waits for it, started by Segue's own `ChildProcess`.
///
/// Foundation's `Process` can wait forever on a program that leaves a daemon behind (tmux starts
/// its server that way), because the daemon inherits descriptors `Process` watches.
enum HostCommand {
    struct Result {
        var status: Int32
        var output: String
    }

    /// The commands `segue --help` lists under SUBCOMMANDS, by name.
    static func commandsSegueHelpLists() throws -> [String] {
        let help = try run([Paths.segue, "--help"]).output
        return help.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
                return line.split(separator: " ").first.map(String.init)
            }
    }

    /// Runs `arguments` (program first, looked up in PATH); output is captured when `readingOutput`.
    static func run(_ arguments: [String], readingOutput: Bool = true) throws -> Result {
        var fds: [Int32] = [-1, -1]
        if readingOutput {
            guard pipe(&fds) == 0 else { throw Tmux.Failure(description: "pipe failed") }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        let spawned = ChildProcess(arguments, output: readingOutput ? .descriptor(fds[1]) : .null).spawn()
        if readingOutput { close(fds[1]) }
        let pid: pid_t
        switch spawned {
        case .success(let started):
            pid = started
        case .failure(let failure):
            if readingOutput { close(fds[0]) }
            throw Tmux.Failure(description: failure.reason)
        }
        var output = Data()
        if readingOutput {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(fds[0], &buffer, buffer.count)
                if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { break }
            }
            close(fds[0])
        }
        return Result(status: ChildProcess.waitForExit(pid), output: String(decoding: output, as: UTF8.self))
    }
}
