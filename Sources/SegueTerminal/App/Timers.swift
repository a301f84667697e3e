import SegueCore

/// Timers the core started (`Effect.startTimer`), by screen and purpose: a newer one replaces
/// the older. The app's loop asks which have run out and how long it may wait for the next.
final class Timers {
    private struct Slot: Hashable {
        var screen: Int
        var purpose: TimerKey.Purpose
    }

    private var due: [Slot: (key: TimerKey, at: Double)] = [:]

    func start(_ key: TimerKey, seconds: Double) {
        due[Slot(screen: key.screen, purpose: key.purpose)] = (key, Monotonic.now() + seconds)
    }

    /// The timers that have run out, as events; they are forgotten.
    func fired() -> [Event] {
        let now = Monotonic.now()
        let expired = due.values.filter { $0.at <= now }
        for timer in expired { due[Slot(screen: timer.key.screen, purpose: timer.key.purpose)] = nil }
        return expired.map { .timerFired($0.key) }
    }

    /// Milliseconds until the next timer runs out, if any is running.
    var millisecondsToNext: Int32? {
        guard let next = due.values.map(\.at).min() else { return nil }
        return Int32(max(0, min(60_000, (next - Monotonic.now()) * 1000)).rounded(.up))
    }
}
