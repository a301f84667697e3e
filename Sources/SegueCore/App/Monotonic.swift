#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time, in seconds: for timeouts, spinners and benchmarks, never for dates.
package enum Monotonic {
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result with the seconds it took.
    package static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = now()
        let result = try body()
        return (result, now() - start)
    }
}
