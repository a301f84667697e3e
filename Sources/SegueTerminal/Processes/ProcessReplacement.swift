import Glibc
import SegueCore

/// A `become` action: the program turns into the command (fzf's `become(vim {})`), once the
/// session has restored the terminal and ended every child.
package enum ProcessReplacement {
    /// Replaces the process with `command`, run in `directory`. Standard input becomes the
    /// terminal when it is not one (lines were piped in, and an editor wants keys); standard
    /// output stays where Segue's went. Returns only if the command cannot start, after saying
    /// why on standard error, with the shell's status for it: 127 not found, 126 not runnable.
    package static func become(_ command: ExecCommand, in directory: String) -> Int32 {
        guard let program = command.arguments.first else { return 127 }
        if chdir(directory) != 0 {
            report("\(directory): \(String(cString: strerror(errno)))")
            return 126
        }
        if isatty(STDIN_FILENO) == 0 {
            let tty = open("/dev/tty", O_RDWR)
            if tty >= 0 {
                dup2(tty, STDIN_FILENO)
                close(tty)
            }
        }
        // What Segue took over goes back to the defaults a new program expects.
        for number in 1..<Int32(32) where number != SIGKILL && number != SIGSTOP {
            signal(number, SIG_DFL)
        }
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        fflush(nil)
        var arguments = command.arguments.map { strdup($0) } + [nil]
        execvp(program, &arguments)
        let reason = errno
        report("\(program): \(String(cString: strerror(reason)))")
        return reason == ENOENT ? 127 : 126
    }

    /// For a program that goes on after the session (SegueKit): runs `command` in the
    /// foreground of the terminal, as an `exec` would, and returns its exit status.
    package static func runInstead(_ command: ExecCommand, in directory: String) -> Int32 {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        defer { if tty >= 0 { close(tty) } }
        return CommandRunner.run(command, in: directory, tty: tty >= 0 ? tty : STDIN_FILENO).status
    }

    private static func report(_ message: String) {
        let line = "segue: " + message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }
}
