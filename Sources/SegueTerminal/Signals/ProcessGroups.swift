import Glibc
import Synchronization

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

    /// Spawns a child that leads its own group and remembers the group, with no moment in
    /// between at which a signal ending `segue do` would miss it: a signal that comes while the
    /// child is started waits until it is remembered (the child may already be running then).
    static func starting(_ spawn: () -> Result<pid_t, SpawnFailure>) -> Result<pid_t, SpawnFailure> {
        starts.wrappingAdd(1, ordering: .sequentiallyConsistent)
        let spawned = spawn()
        if case .success(let pid) = spawned { add(pid) }
        if starts.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
            let signal = deferredEnding.exchange(0, ordering: .sequentiallyConsistent)
            if signal != 0 {
                killAllFromSignalHandler()
                EndingSignals.endAsSignalled(signal)
            }
        }
        return spawned
    }

    /// Children being started now, and an ending signal that came meanwhile (0 for none).
    private static let starts = Atomic<Int>(0)
    private static let deferredEnding = Atomic<Int32>(0)

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
            ProcessGroups.endFromSignalHandler(number)
        }
        defer { EndingSignals.restore(previous) }
        return body()
    }

    /// Kills the groups and ends as `number` would have, unless a child is being started: then
    /// `starting` does it once the child is remembered.
    private static func endFromSignalHandler(_ number: Int32) {
        // Whichever side takes the signal back out (here, or `starting` once its count is 0) acts.
        deferredEnding.store(number, ordering: .sequentiallyConsistent)
        guard starts.load(ordering: .sequentiallyConsistent) == 0 else { return }
        let signal = deferredEnding.exchange(0, ordering: .sequentiallyConsistent)
        guard signal != 0 else { return }
        killAllFromSignalHandler()
        EndingSignals.endAsSignalled(signal)
    }
}
