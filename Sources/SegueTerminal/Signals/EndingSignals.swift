import Glibc

/// The signals that end a process from outside (a hang-up, `kill`, Ctrl-C and Ctrl-\ sent to it):
/// for a while, `handler` runs on them first. It must do only what is safe in a signal handler,
/// then end the process as the signal would have (`endAsSignalled`). A signal ignored when Segue
/// started (`nohup`, a background job's SIGINT) stays ignored.
enum EndingSignals {
    static let numbers: [Int32] = [SIGHUP, SIGTERM, SIGINT, SIGQUIT]

    /// What the signals did before, for `restore`.
    typealias Previous = [sigaction]

    static func install(_ handler: @convention(c) (Int32) -> Void) -> Previous {
        numbers.map { number in
            var action = sigaction(), old = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            sigaction(number, nil, &old)
            if let current = old.__sigaction_handler.sa_handler,
               unsafeBitCast(current, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return old }
            sigaction(number, &action, nil)
            return old
        }
    }

    static func restore(_ previous: Previous) {
        for (number, var old) in zip(numbers, previous) { sigaction(number, &old, nil) }
    }

    /// From a handler: the signal's default action, so the process ends as it would have.
    static func endAsSignalled(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }
}
