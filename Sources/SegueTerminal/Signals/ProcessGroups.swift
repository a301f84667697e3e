import Glibc

/// The process groups of the loads and commands running now, kept where a crash handler can
/// reach them with async-signal-safe calls only (a fixed buffer, no Swift collections): after a
/// crash, they are killed too, instead of running on with nobody to read them.
enum ProcessGroups {
    private static let capacity = 256
    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<pid_t> = {
        let buffer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()

    /// Makes the buffer now, when allocating is safe: a crash handler that came first would
    /// allocate it inside the handler (in malloc, if malloc is what crashed).
    static func prepare() {
        _ = groups
    }

    /// Remembers a group led by `leader` (from the thread that runs the loop).
    static func add(_ leader: pid_t) {
        for index in 0..<capacity where groups[index] == 0 {
            groups[index] = leader
            return
        }
    }

    /// Forgets a group once its leader is reaped.
    static func remove(_ leader: pid_t) {
        for index in 0..<capacity where groups[index] == leader { groups[index] = 0 }
    }

    /// Kills every group remembered; safe inside a signal handler.
    static func killAllFromSignalHandler() {
        for index in 0..<capacity where groups[index] > 0 { kill(-groups[index], SIGKILL) }
    }

    /// Until `body` returns, a signal that ends this process (`kill`, a hang-up) kills the groups
    /// running first, then ends it as it would have: for `segue do`, which has no loop to see a
    /// signal between two waits, so a command it captures does not run on without it.
    static func endingWithThisProcess<T>(_ body: () -> T) -> T {
        prepare()
        let previous = EndingSignals.install { number in
            ProcessGroups.killAllFromSignalHandler()
            EndingSignals.endAsSignalled(number)
        }
        defer { EndingSignals.restore(previous) }
        return body()
    }
}
