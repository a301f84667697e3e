import Glibc

/// What a session changes of the process outside the terminal — signal dispositions, the signal
/// mask, the character-type locale — saved as it starts and put back as it ends, however it
/// ends: a Swift program that asks a question and carries on keeps its own Ctrl-C.
struct ProcessState {
    private var actions: [(signal: Int32, action: sigaction)] = []
    private var mask = sigset_t()
    private var characterTypes: String?

    /// Every signal a session may handle, ignore or block.
    private static let signals = SignalHandling.terminating + SignalHandling.fatal
        + [SIGPIPE, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGCHLD]

    static func save() -> ProcessState {
        var state = ProcessState()
        for signal in signals {
            var action = sigaction()
            if sigaction(signal, nil, &action) == 0 { state.actions.append((signal, action)) }
        }
        sigprocmask(SIG_SETMASK, nil, &state.mask)
        state.characterTypes = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        return state
    }

    func restore() {
        for (signal, action) in actions {
            var action = action
            sigaction(signal, &action, nil)
        }
        var mask = self.mask
        sigprocmask(SIG_SETMASK, &mask, nil)
        if let characterTypes { setlocale(LC_CTYPE, characterTypes) }
    }
}
