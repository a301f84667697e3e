import SegueCore

/// Where a session is drawn and its keys read: the whole screen through curses (`Terminal`), or
/// a band of lines under the shell prompt (`InlineTerminal`, `--height`). The loop
/// (`TerminalApp`) is the same for both.
protocol Display: AnyObject {
    /// The size the app lays itself out in, in cells.
    var size: Size { get }
    /// The next key, paste, resize or terminating signal, waiting at most `waitMilliseconds`
    /// (`nil`: until one comes); `nil` when none came in time or one of `wakers` (sources' pipes)
    /// has something to read first.
    func nextEvent(waitMilliseconds: Int32?, wakers: [Int32]) -> Event?
    /// Draws a frame, writing only what changed since the last.
    func draw(_ grid: Grid)
    /// Forgets the last frame, so the next is drawn whole.
    func invalidate()
    /// Gives the terminal to `command`, then takes it back.
    func run(_ command: ExecCommand, in directory: String) -> ExecResult
    /// Stops as Ctrl-Z does, and takes the terminal back when continued.
    func suspend()
    /// Rings the terminal's bell.
    func ringBell()
    /// Gives the terminal back as it was found. Safe to call more than once.
    func close()
}
