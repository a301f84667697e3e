import Glibc

/// Signal handlers that keep the terminal usable whatever ends the process.
///
/// SIGINT, SIGTERM and SIGHUP only set a flag: the event loop sees it and quits the normal way
/// (`endwin`, exit 128 + signal). Fatal signals (a crash) restore the terminal from the handler,
/// then hand the signal to whatever handled it before (Swift's backtracer, or the default action)
/// so the crash is still reported and still kills the process.
enum SignalHandling {
    nonisolated(unsafe) private static var pending: sig_atomic_t = 0
    /// Indexed by signal number; a raw buffer because a handler must not touch Swift collections.
    nonisolated(unsafe) private static let previousFatal: UnsafeMutablePointer<sigaction> = {
        let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction(), count: 65)
        return buffer
    }()

    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// The terminating signal received since the last call, if any.
    static func takePending() -> Int32? {
        let signal = pending
        guard signal != 0 else { return nil }
        pending = 0
        return Int32(signal)
    }

    /// Installs the handlers. Call before curses starts, so curses leaves SIGINT/SIGTERM to us.
    static func install() {
        for signal in terminating {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in SignalHandling.pending = sig_atomic_t(number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: a blocking read returns so the loop can see the flag
            sigaction(signal, &action, nil)
        }
        for signal in fatal {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, _, _ in
                TerminalRestore.restoreFromSignalHandler()
                SignalHandling.forwardFatal(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(signal, &action, previousFatal + Int(signal))
        }
    }

    /// Puts the previous handler back and raises the signal again for it.
    private static func forwardFatal(_ number: Int32) {
        sigaction(number, previousFatal + Int(number), nil)
        raise(number)
    }
}
