import Glibc

/// Signal handlers that keep the terminal usable whatever ends the process.
///
/// SIGINT, SIGTERM and SIGHUP only set a flag: the event loop sees it and quits the normal way
/// (`endwin`, exit 128 + signal). Fatal signals (a crash) restore the terminal from the handler
/// and kill the process groups of the commands and loads running (`ProcessGroups`), then hand the
/// signal to whatever handled it before (Swift's backtracer, or the default action) so the crash
/// is still reported and still kills the process.
enum SignalHandling {
    nonisolated(unsafe) private static var pending: sig_atomic_t = 0
    /// Indexed by signal number; a raw buffer because a handler must not touch Swift collections.
    nonisolated(unsafe) private static let previousFatal: UnsafeMutablePointer<sigaction> = {
        let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction(), count: 65)
        return buffer
    }()

    /// Signals whose default is to end the process: each ends it the orderly way instead.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
                                       SIGPROF, SIGXCPU, SIGXFSZ]
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// The terminating signal received since the last call, if any.
    static func takePending() -> Int32? {
        let signal = pending
        guard signal != 0 else { return nil }
        pending = 0
        return Int32(signal)
    }

    nonisolated(unsafe) private static var resized: sig_atomic_t = 0

    /// Notes SIGWINCH (the terminal changed size) for `takeResize`: inline mode, which has no
    /// curses to turn it into a key, asks for it.
    static func watchResizes() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in SignalHandling.resized = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // a waiting poll returns so the loop redraws at once
        sigaction(SIGWINCH, &action, nil)
    }

    static func stopWatchingResizes() { signal(SIGWINCH, SIG_DFL) }

    /// Whether the terminal changed size since the last call.
    static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }

    /// Whether a terminating signal came and is not taken yet.
    static var hasPending: Bool { pending != 0 }

    /// Stops the process as Ctrl-Z would (SIGTSTP's default action); returns once it is continued,
    /// at once where no shell can continue it (an orphaned process group ignores the stop). The
    /// signal is let through this thread while it is raised: a library's session runs on a
    /// libdispatch thread, which blocks it (it would wait there, pending, and nothing would stop).
    static func stopAsCtrlZWould() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &tstp, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Installs the handlers. Call before curses starts, so curses leaves SIGINT/SIGTERM to us.
    static func install() {
        // A closed pipe should fail the write (EPIPE), not kill the process mid-screen.
        signal(SIGPIPE, SIG_IGN)
        for signal in terminating {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in SignalHandling.pending = sig_atomic_t(number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: a blocking read returns so the loop can see the flag
            sigaction(signal, &action, nil)
        }
        ProcessGroups.prepare()
        for signal in fatal {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, context in
                TerminalRestore.restoreFromSignalHandler()
                StandardErrorCapture.giveBackFromSignalHandler()
                ProcessGroups.killAllFromSignalHandler()
                SignalHandling.keepTheReportOffTheTerminalsInput()
                SignalHandling.forwardFatal(number, info, context)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(signal, &action, previousFatal + Int(signal))
        }
    }

    /// Swift's backtracer, given a terminal, waits 30 s for a key in raw mode ("Press space to
    /// interact"): with standard input from /dev/null it prints its report and ends at once.
    private static func keepTheReportOffTheTerminalsInput() {
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, STDIN_FILENO)
        close(null)
    }

    /// Lets the previous handler report the crash (Swift's backtracer prints it), then dies by the
    /// signal's default action, even when the signal was sent with `kill` and is no real fault,
    /// after which a handler would simply return and leave the process running.
    private static func forwardFatal(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                                     _ context: UnsafeMutableRawPointer?) {
        let previous = previousFatal[Int(number)]
        if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
            handler(number, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler,
                  unsafeBitCast(handler, to: Int.self) > 1 {  // not SIG_DFL (0) or SIG_IGN (1)
            handler(number)
        }
        signal(number, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, number)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(number)
    }
}
