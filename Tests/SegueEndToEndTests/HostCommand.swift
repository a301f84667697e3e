import Foundation

/// Runs a program and waits for it with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` can wait forever on a program that leaves a daemon behind (tmux starts
/// its server that way), because the daemon inherits descriptors `Process` watches.
enum HostCommand {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `arguments` (program first, looked up in PATH); output is captured when `readingOutput`.
    static func run(_ arguments: [String], readingOutput: Bool = true) throws -> Result {
        var fds: [Int32] = [-1, -1]
        if readingOutput {
            guard pipe(&fds) == 0 else { throw Tmux.Failure(description: "pipe failed") }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if readingOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        if readingOutput { close(fds[1]) }
        guard spawned == 0 else {
            if readingOutput { close(fds[0]) }
            throw Tmux.Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
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
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exitStatus, output: String(decoding: output, as: UTF8.self))
    }
}
