import Dispatch
import Glibc
import SegueCore

/// `--tmux`: inside tmux, Segue runs again in a popup (`tmux display-popup`) over the pane, as
/// fzf's `--tmux` does; what it prints still reaches this process's standard output and its exit
/// status is this one's.
///
/// A popup is a terminal of its own, with no way to hand it a pipe: lines piped in go through a
/// FIFO, what it prints comes back through a file, its status through another, all in a private
/// folder removed afterwards. It runs in this folder, with this environment.
package enum TmuxPopup {
    /// Where the popup goes and how big it is: fzf's `--tmux [center|top|bottom|left|right][,W[%]][,H[%]]`.
    package struct Placement: Equatable, Sendable {
        package enum Position: String, Sendable, CaseIterable { case center, top, bottom, left, right }
        package var position = Position.center
        package var width = "50%"
        package var height = "50%"

        package init() {}

        /// `80%`, `bottom,40%`, `right,60,20`; `nil` when it is none of those.
        package init?(parsing text: String) {
            var parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let first = parts.first, let position = Position(rawValue: first) {
                self.position = position
                parts.removeFirst()
            }
            guard parts.count <= 2, parts.allSatisfy(Self.isSize) else { return nil }
            // One size: both, as fzf reads it (beside or over the pane, its long side).
            if let first = parts.first { (width, height) = (first, parts.count > 1 ? parts[1] : first) }
            switch position {
            case .top, .bottom: if parts.count == 1 { width = "100%" }
            case .left, .right: if parts.count == 1 { height = "100%" }
            case .center: break
            }
        }

        private static func isSize(_ text: String) -> Bool {
            let digits = text.hasSuffix("%") ? text.dropLast() : Substring(text)
            guard let value = Int(digits), value > 0 else { return false }
            return !text.hasSuffix("%") || value <= 100
        }

        /// The share of the terminal's lines the popup takes, for inline mode outside tmux.
        package var inlineHeight: InlineHeight {
            if height.hasSuffix("%"), let share = Int(height.dropLast()) { return InlineHeight(.percent(share)) }
            return InlineHeight(.rows(Int(height) ?? 10))
        }

        /// `display-popup`'s options for it.
        var options: [String] {
            let (x, y) = switch position {
            case .center: ("C", "C")
            case .top: ("C", "0")
            case .bottom: ("C", "S")
            case .left: ("0", "C")
            case .right: ("R", "C")
            }
            return ["-x", x, "-y", y, "-w", width, "-h", height]
        }
    }

    /// Set inside the popup, so a `--tmux` there (from `SEGUE_DEFAULT_OPTS`) does not open
    /// another.
    package static let insideVariable = "SEGUE_TMUX_POPUP"

    /// Whether this process runs in Segue's popup (where a `--height` is ignored: the popup is
    /// the height).
    package static var isInsidePopup: Bool {
        getenv(insideVariable).map { $0.pointee != 0 } == true
    }

    /// Whether `--tmux` opens a popup here: inside tmux, and not already in Segue's popup.
    package static var isAvailable: Bool {
        getenv("TMUX").map { $0.pointee != 0 } == true && getenv(insideVariable) == nil
    }

    /// Runs `arguments` (Segue's own, without `--tmux`) in a popup and waits for it. Returns its
    /// exit status and what it printed, or why it could not open.
    ///
    /// tmux reads some of `display-popup`'s values as formats, where `#(…)` runs a command: the
    /// folder (`-d`), the title, the position and size. So no value of the user's world is handed
    /// to tmux: the popup's script `cd`s into the folder itself, sizes are checked digits
    /// (`Placement`), and the script's path is the one this process made. The script (holding the
    /// environment, tokens and all) is a FIFO, never a file at rest: the popup's shell reads it
    /// from this process, and a hang-up or kill of this process leaves nothing behind.
    package static func run(_ arguments: [String], placement: Placement) -> Result<(status: Int32, output: [UInt8]), TerminalError> {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/segue-tmux-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return .failure(.unusableTerminal("cannot make a folder for the popup in \(base): \(String(cString: strerror(errno)))")) }
        let folder = String(cString: made)
        let input = folder + "/in", output = folder + "/out", status = folder + "/status", script = folder + "/run.sh"
        TemporaryFolder.removeOnSignal(folder, files: ["in", "out", "status", "run.sh"])
        defer { TemporaryFolder.remove() }
        let piped = isatty(STDIN_FILENO) == 0
        for fifo in piped ? [script, input] : [script] where mkfifo(fifo, 0o600) != 0 {
            return .failure(.unusableTerminal("cannot make a pipe for the popup: \(String(cString: strerror(errno)))"))
        }
        let program = executablePath() ?? CommandLine.arguments[0]
        let directory = WorkingDirectory.current() ?? "."
        var lines = ["cd " + quoted(directory) + " || exit 127"]
        for (name, value) in ProcessEnvironment.variables() where !["TERM", "TMUX_PANE", "COLUMNS", "LINES", "_"].contains(name) {
            // What `sh` takes as a name; others (a name in another script, say) cannot be exported by it.
            guard name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
                  name.first?.isNumber == false else { continue }
            lines.append("export \(name)=" + quoted(value))
        }
        lines.append("export \(insideVariable)=1")
        let command = ([program] + arguments).map(quoted).joined(separator: " ")
        lines.append(command + (piped ? " <" + quoted(input) : "") + " >" + quoted(output))
        lines.append("echo $? >" + quoted(status))
        let text = lines.joined(separator: "\n") + "\n"
        // A reader that leaves early must not kill this process through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        DispatchQueue.global().async { write(text, toFIFO: script) }
        if piped { DispatchQueue.global().async { copyStandardInput(to: input) } }
        let popup = ChildProcess(["tmux", "display-popup", "-E"] + placement.options + ["sh", script],
                                 input: .inherited, output: .inherited, errors: .inherited)
        guard case .success(let pid) = popup.spawn() else { return .failure(.unusableTerminal("cannot run tmux display-popup")) }
        var waited: Int32 = 0
        while waitpid(pid, &waited, 0) < 0, errno == EINTR {}
        guard let answer = read(status), let code = Int32(String(decoding: answer.filter { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self)) else {
            let tmuxStatus = ChildProcess.exitStatus(waited)
            return .failure(.unusableTerminal(tmuxStatus == 0
                ? "the tmux popup closed before Segue in it ended"
                : "tmux display-popup did not run Segue (exit status \(tmuxStatus); tmux 3.2 or later has popups)"))
        }
        return .success((code, read(output) ?? []))
    }

    /// `text` in single quotes for `sh`.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// Standard input into the FIFO the popup reads; ends when either side does.
    private static func copyStandardInput(to fifo: String) {
        let target = open(fifo, O_WRONLY)
        guard target >= 0 else { return }
        defer { close(target) }
        DescriptorIO.copy(from: STDIN_FILENO, to: target)
    }

    /// `text` into the FIFO the popup's shell reads its script from; gives up when nobody opens it.
    private static func write(_ text: String, toFIFO path: String) {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = DescriptorIO.writeAll(Array(text.utf8)[...], to: descriptor)
    }

    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return DescriptorIO.readAll(from: descriptor)
    }
}
