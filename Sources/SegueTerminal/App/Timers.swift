import SegueCore

/// Timers the core started (`Effect.startTimer`), by screen: a newer one replaces the older.
/// The app's loop asks which have run out and how long it may wait for the next.
final class Timers {
    private var due: [Int: (key: TimerKey, at: Double)] = [:]

    func start(_ key: TimerKey, seconds: Double) {
        due[key.screen] = (key, Monotonic.now() + seconds)
    }

    /// The timers that have run out, as events; they are forgotten.
    func fired() -> [Event] {
        let now = Monotonic.now()
        let expired = due.values.filter { $0.at <= now }
        for timer in expired { due[timer.key.screen] = nil }
        return expired.map { .timerFired($0.key) }
    }

    /// Milliseconds until the next timer runs out, if any is running.
    var millisecondsToNext: Int32? {
        guard let next = due.values.map(\.at).min() else { return nil }
        return Int32(max(0, min(60_000, (next - Monotonic.now()) * 1000)).rounded(.up))
    }
}
