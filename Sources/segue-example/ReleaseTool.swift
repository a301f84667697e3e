import SegueKit

#if canImport(Glibc)
import Glibc
#endif

/// A build that can be deployed.
struct Build: Sendable {
    var version: String
    var date: String
    var summary: String
}

/// A build deployed somewhere: what the release screen finishes with.
struct Deployment: Sendable {
    var build: Build
    var target: String
    var number: Int
}

/// The tool's own state between handlers and across sessions: an actor the handlers share, so
/// handlers running as tasks (on any thread, while the user goes on) cannot race on it.
actor DeployHistory {
    private var deployments: [Deployment] = []

    func record(_ build: Build, to target: String) -> Deployment {
        let deployment = Deployment(build: build, target: target, number: deployments.count + 1)
        deployments.append(deployment)
        return deployment
    }
}

/// `segue-example release`: a tool that prints what it found, asks in a few lines under its
/// output (which build, where to, are you sure — the last two from inside the row's handler),
/// deploys with a bar in the status line, and prints the Swift value the screen finished with.
/// It then watches the rollout until Ctrl-C, whose default action ends it (status 130): the
/// session has given the tool its signals back.
func release() async -> Never {
    let builds = [Build(version: "v2.4.6", date: "2026-11-20", summary: "faster start"),
                  Build(version: "v2.4.5", date: "2026-10-02", summary: "fixes"),
                  Build(version: "v2.4.4", date: "2026-09-14", summary: "first of the 2.4s")]
    print("release: \(builds.count) builds waiting")
    let history = DeployHistory()
    var screen = ComposedScreen(title: "Release")
    screen.addSection(header: "Builds")
    screen.addRows(builds) { Row(title: $0.version, detail: "\($0.date)  \($0.summary)") } action: { build, context async throws in
        guard let target = await context.input("Deploy \(build.version) to:", default: "production") else { return }
        guard await context.confirm("Deploy \(build.version) to \(target)?") else { return context.show("not deployed") }
        for (step, name) in ["uploading", "migrating", "switching over"].enumerated() {
            context.progress(name, fraction: Double(step) / 3)
            try await Task.sleep(for: .milliseconds(200))
        }
        context.finish(with: await history.record(build, to: target))
    }
    do {
        let outcome = try await Segue.run(screen, finishing: Deployment.self, height: InlineHeight(.rows(8)))
        guard let deployment = outcome.value else {
            print("nothing deployed")
            exit(1)
        }
        print("deployed \(deployment.build.version) to \(deployment.target) (deployment #\(deployment.number))")
    } catch {
        print("segue-example: \(error)")
        exit(2)
    }
    print("watching the rollout; Ctrl-C to stop")
    while true { try? await Task.sleep(for: .seconds(1)) }
}
