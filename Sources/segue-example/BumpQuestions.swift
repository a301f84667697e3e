import SegueKit

#if canImport(Glibc)
import Glibc
#endif

/// How far a release moves the version.
enum Bump: String, CaseIterable {
    case major, minor, patch
}

/// Where a release goes.
struct Region: Sendable {
    var name: String
    var city: String
}

/// `segue-example bump`: a release helper's typed questions, each under the prompt and each
/// leaving its line in the scrollback (`✔ Version bump · minor`): a case of an enum, text the
/// tool checks in its own words, a number, any of a list of Swift values, and Swift work behind
/// a spinner with its progress. With `--no-record`, the questions leave no lines; with `--log`,
/// the work logs each step on standard error as it goes, which shows once the spinner is gone.
func askBumpQuestions(recording: Bool, logging: Bool) async -> Never {
    Segue.recordsAnswers = recording
    let regions = [Region(name: "eu", city: "Frankfurt"), Region(name: "us", city: "Virginia"), Region(name: "eu", city: "Dublin")]
    do {
        let bump = try await Segue.choose("Version bump", from: Bump.self)
        let title = try await Segue.input("Title:") { $0.count < 3 ? "at least 3 characters" : nil }
        let keep = try await Segue.input("Builds to keep:", as: Int.self) { $0 < 1 ? "keep at least one" : nil }
        let targets = try await Segue.chooseMany("Regions", from: regions) { "\($0.name) (\($0.city))" }
        let digest = try await Segue.spin("Building") { spinner in
            for (step, name) in ["compiling", "linking", "signing"].enumerated() {
                spinner.progress(name, fraction: Double(step) / 3)
                if logging { _ = "build: \(name)\n".withCString { write(2, $0, strlen($0)) } }  // as a logger would
                try await Task.sleep(for: .milliseconds(400))
            }
            return "sha256:4f2a"
        }
        print("\(bump) \"\(title)\" keep \(keep) to \(targets.map(\.city).joined(separator: "+")) \(digest)")
        exit(0)
    } catch {
        exitAfterQuestions(error)
    }
}

/// How the examples end when a question throws, as a tool would: Esc says what was cancelled
/// and exits 1, Ctrl-C exits 130 (as the `segue` command does), anything else is said, 2.
func exitAfterQuestions(_ error: any Error) -> Never {
    switch error {
    case let cancelled as Segue.Cancelled:
        print(cancelled)
        exit(1)
    case is Segue.Interrupted:
        exit(130)
    default:
        print("segue-example: \(error)")
        exit(2)
    }
}
