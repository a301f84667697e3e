import Glibc
import SegueCore

/// A line left on the terminal for good, where a question's band was: what was asked and the
/// answer (`✔ Version bump · minor`), as huh and Noora leave one. Written to `/dev/tty`, as the
/// band was, so a tool's standard output (`$(tool)`) holds only what the tool prints; with its
/// styles as SGR sequences, but plain on a terminal that cannot draw them (`TERM=dumb`).
package enum ScrollbackLine {
    /// Writes `pieces` and a line break at the cursor; nothing without a terminal.
    package static func write(_ pieces: [(text: String, style: Style)]) {
        let width = pieces.reduce(0) { $0 + TextWidth.of($1.text) }
        guard width > 0 else { return }
        var grid = Grid(width: width, height: 1)
        var x = 0
        for piece in pieces { x = grid.put(piece.text, x: x, y: 0, style: piece.style) }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        let line = term.isEmpty || term == "dumb" ? grid.lines[0] : grid.ansiLine(0)
        let fd = open("/dev/tty", O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((line + "\r\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in buffer.baseAddress.map { Glibc.write(fd, $0 + offset, buffer.count - offset) } ?? -1 }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
