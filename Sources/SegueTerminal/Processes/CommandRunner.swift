import Glibc
import SegueCore

/// Runs an `exec` action's command with the terminal given to it, as a shell runs a foreground job.
///
/// The command's standard input, output and error are the terminal itself (so `isatty` holds on
/// all three: `less` pages, `vim` edits, `git log` pages in colour), and it leads its own process
/// group, which is the terminal's foreground group while it runs: Ctrl-C, Ctrl-Z and window-size
/// changes reach it and not Segue. Ctrl-Z stops the command and Segue with it (the shell sees one
/// stopped job); `fg` continues both.
enum CommandRunner {
    /// How often the wait looks at the command and at signals sent to Segue, in milliseconds.
    static let pollInterval: Int32 = 10
    /// How long a command asked to end (Segue itself is ending) has before it is killed.
    static let graceMilliseconds = 200

    /// Runs `command` in `directory`; `tty` is the terminal's descriptor.
    static func run(_ command: ExecCommand, in directory: String, tty: Int32) -> ExecResult {
        // Like system(3): while the command runs, Ctrl-C and Ctrl-\ are for it, not for Segue; and
        // taking the terminal back from the command's group must not stop Segue (SIGTTOU).
        let saved = ignoring([SIGINT, SIGQUIT, SIGTTOU])
        defer { restore(saved) }
        // A command's background programs are the person's to keep (see `Descendants`).
        return Descendants.lettingOrphansGo { runInForeground(command, in: directory, tty: tty) }
    }

    /// Runs `command` with Segue's own standard input, output and error, in Segue's process group
    /// (Ctrl-C reaches both, as for any command a script runs), and waits for it: `segue do`,
    /// where there is no screen to give up.
    package static func runInherited(_ command: ExecCommand, in directory: String) -> ExecResult {
        let spawned = ChildProcess(command.arguments, in: directory, input: .inherited, output: .inherited,
                                   errors: .inherited).spawn()
        switch spawned {
        case .success(let pid):
            return ExecResult(command: command, status: ChildProcess.waitForExit(pid))
        case .failure(let failure):
            return ExecResult(command: command, status: 127, reason: failure.reason)
        }
    }

    private static func runInForeground(_ command: ExecCommand, in directory: String, tty: Int32) -> ExecResult {
        let child = ChildProcess(command.arguments, in: directory, input: .descriptor(tty), output: .descriptor(tty),
                                 errors: .descriptor(tty), ownGroup: true, foregroundOf: tty)
        let spawned = ProcessGroups.starting { child.spawn() }
        let ownGroup = getpgrp()
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure):
            // The child may have taken the terminal before its exec failed: take it back, or
            // Segue would be left in the background of a terminal nobody reads.
            _ = tcsetpgrp(tty, ownGroup)
            return ExecResult(command: command, status: 127, reason: failure.reason)
        }
        _ = tcsetpgrp(tty, pid)
        let status = waitInForeground(pid, tty: tty, ownGroup: ownGroup)
        ProcessGroups.remove(pid)
        _ = tcsetpgrp(tty, ownGroup)
        return ExecResult(command: command, status: ChildProcess.exitStatus(status))
    }

    /// Waits for the command to end, passing job control through: a command stopped by Ctrl-Z
    /// stops Segue too, and both go on when the shell continues Segue. A terminating signal sent
    /// to Segue meanwhile ends the command's group (SIGTERM, then SIGKILL after a grace) so Segue
    /// can quit at once.
    private static func waitInForeground(_ pid: pid_t, tty: Int32, ownGroup: pid_t) -> Int32 {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if reaped == pid {
                guard isStopped(status) else { return status }
                let signal = (status >> 8) & 0xff
                _ = tcsetpgrp(tty, ownGroup)
                // SIGTTIN/SIGTTOU: it touched the terminal before it was handed over; anything else
                // (Ctrl-Z, SIGSTOP) stops Segue too, as the job the shell knows.
                if signal != SIGTTIN, signal != SIGTTOU {
                    SignalHandling.stopAsCtrlZWould()
                    // Continued in the background (`bg`): the terminal is the shell's, so Segue
                    // stops again rather than take it; `fg` goes on.
                    while isInBackground(tty, ownGroup: ownGroup), !SignalHandling.hasPending {
                        SignalHandling.stopAsCtrlZWould()
                    }
                }
                _ = tcsetpgrp(tty, pid)
                kill(-pid, SIGCONT)
                continue
            }
            if reaped == -1, errno != EINTR { return status }
            if SignalHandling.hasPending {
                return end(pid)
            }
            _ = poll(nil, 0, pollInterval)
        }
    }

    /// Ends the command's whole group: SIGTERM (and SIGCONT, in case it is stopped), then SIGKILL
    /// to the group if anything of it is left after the grace; returns the command's wait status.
    /// The command ending is not enough: a child of it that ignores SIGTERM (`trap '' TERM`) is
    /// still in the group, and would outlive Segue.
    private static func end(_ pid: pid_t) -> Int32 {
        kill(-pid, SIGTERM)
        kill(-pid, SIGCONT)
        var status: Int32 = 0
        var reaped = false
        var waited = 0
        while waited < graceMilliseconds {
            if !reaped, waitpid(pid, &status, WNOHANG) == pid { reaped = true }
            if reaped, kill(-pid, 0) == -1 { return status }  // the whole group is gone
            _ = poll(nil, 0, pollInterval)
            waited += Int(pollInterval)
        }
        kill(-pid, SIGKILL)
        if !reaped { while waitpid(pid, &status, 0) == -1, errno == EINTR {} }
        return status
    }

    private static func isStopped(_ status: Int32) -> Bool { status & 0xff == 0x7f }

    /// Whether another process group (the shell) has the terminal.
    private static func isInBackground(_ tty: Int32, ownGroup: pid_t) -> Bool {
        let foreground = tcgetpgrp(tty)
        return foreground > 0 && foreground != ownGroup
    }

    private static func ignoring(_ signals: [Int32]) -> [(Int32, sigaction)] {
        signals.map { number in
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            var previous = sigaction()
            sigaction(number, &ignore, &previous)
            return (number, previous)
        }
    }

    private static func restore(_ saved: [(Int32, sigaction)]) {
        for (number, var previous) in saved { sigaction(number, &previous, nil) }
    }
}
