import Glibc
import SegueCore

/// Lets a session without a screen to redraw (plain mode, `segue render`) finish its background
/// work before it shows anything: loads answered, due timers fired, long filters done.
enum Settling {
    /// Works until nothing is loading, or `seconds` pass (false then); `slow` is called once when
    /// a second has passed. A terminating signal ends the session.
    @discardableResult
    static func settle(_ runtime: inout Runtime<SessionWorld>, seconds: Double, slow: () -> Void = {}) -> Bool {
        let start = Monotonic.now()
        var toldSlow = false
        while runtime.outcome == nil {
            if let signal = SignalHandling.takePending() {
                runtime.send(.signal(signal))
                return true
            }
            for event in runtime.world.collect() { runtime.send(event) }
            while runtime.state.hasPendingWork, runtime.outcome == nil { runtime.send(.work) }
            guard runtime.world.isBusy else { return true }
            let waited = Monotonic.now() - start
            if waited > seconds { return false }
            if !toldSlow, waited > 1 {
                slow()
                toldSlow = true
            }
            // Until a source's pipe has something (or 10 ms, for a process to end or a timer).
            var watched = runtime.world.sources.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&watched, nfds_t(watched.count), 10)
        }
        return true
    }
}
