import Dispatch
import Glibc
import SegueCore
import SegueFiles

/// `segue --walker` at a terminal: standard input becomes a pipe the file walker writes into from
/// threads of its own, so the paths reach the picker by the same streaming path as `cmd | segue`
/// (`SourceRunner`'s standard input, `FeedItems`), shown as they are found while keys are read
/// from the terminal. Items end with NUL (the picker reads them as `--read0`): a name may hold a
/// line feed.
package enum WalkerInput {
    private static let running = Locked<FileWalker?>(nil)

    /// Starts the walk; standard input is its pipe from now on. A root that cannot be read is
    /// told to `problem` (from the walk's thread).
    package static func start(_ options: WalkerOptions, problem: @escaping @Sendable (String) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        dup2(ends[0], STDIN_FILENO)
        close(ends[0])
        let writer = ends[1]
        _ = fcntl(writer, F_SETFD, FD_CLOEXEC)
        // A reader that has gone must end the walk, not the process.
        signal(SIGPIPE, SIG_IGN)
        let walker = FileWalker(options) { bytes in
            DescriptorIO.writeAll(ArraySlice(bytes), to: writer)
        }
        running.withLock { $0 = walker }
        DispatchQueue.global().async {
            walker.run(problem: problem)
            close(writer)
        }
    }

    /// At a terminal with a `start:reload(…)` binding (fzf's ripgrep launcher, run with nothing
    /// piped in): standard input is empty instead of the walk, as the reload's lines replace
    /// whatever fzf's walker would have listed.
    package static func startEmpty() {
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard nothing >= 0 else { return }
        dup2(nothing, STDIN_FILENO)
        close(nothing)
    }

    /// Stops the walk at once (the user has chosen): no folder is read after this.
    package static func stop() {
        running.withLock { $0?.stop() }
        // The read end goes too, so a write waiting on a full pipe fails at once.
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if nothing >= 0 {
            dup2(nothing, STDIN_FILENO)
            close(nothing)
        }
    }
}
