import SegueKit

#if canImport(Glibc)
import Glibc
#endif

/// `segue-example deploy`: what a command-line tool asks, one question at a time, in a few lines
/// under the prompt, carrying on with the answers. With `thenInterrupt`, the tool's own Ctrl-C
/// works again once the questions are answered (SIGINT's default action ends it; the line after
/// is never printed).
func askDeployQuestions(thenInterrupt: Bool) async -> Never {
    do {
        guard let target = try await Segue.choose(["staging", "production"], header: "Deploy to") else { exit(1) }
        let note = try await Segue.input("Note: ", placeholder: "what changed") ?? ""
        // A step of work behind a spinner, its output kept for the tool.
        guard let built = try await Segue.spin("Building…", running: ["sh", "-c", "echo built v2"]), built.status == 0 else { exit(1) }
        guard try await Segue.confirm("Deploy to \(target)?", defaultsToYes: false) else {
            print("not deployed")
            exit(1)
        }
        print("deployed to \(target): \(note) (\(String(decoding: built.output, as: UTF8.self).split(separator: "\n").first ?? ""))")
        if thenInterrupt {
            // To the process, as Ctrl-C sends it (this task's thread may block signals).
            kill(getpid(), SIGINT)
            sleep(2)
            print("SIGINT was swallowed")
        }
        exit(0)
    } catch is Segue.Interrupted {
        exit(130)
    } catch {
        print("segue-example: \(error)")
        exit(2)
    }
}
