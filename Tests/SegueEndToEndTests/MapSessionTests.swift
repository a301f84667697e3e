import Foundation
import Testing

/// `segue edit`'s maps on real files and the real schemas (issue 45): compose's `services` and
/// GitLab's jobs, which are top-level keys, listed as rows, added, renamed and edited, each save
/// keeping every comment and untouched line, read back by PyYAML and valid by `jsonschema`.
@Suite(.serialized) struct MapSessionTests {
    static let compose = """
        # the app's services
        services:
          web:            # the front end
            image: nginx:1.25   # pinned
            ports:
              - "8080:80"
          cache:
            image: redis
        x-owner: platform

        """

    /// Finds the row starting with `title` (the find line's `^title`) and closes the find line.
    func select(_ title: String, _ tmux: Tmux) throws {
        try tmux.send(contentsOf: ["/", "^"] + title.map { String($0) })
        // The find line shows the query: the row found is no row selected before it opened.
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > " + title) } && $0.last?.contains("/^" + title) == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.hasPrefix(" ↑↓ move") == true || $0.last?.contains(" ↑↓ move") == true }
    }

    @Test func aComposeServiceIsAddedEditedAndRenamedItsCommentsKept() throws {
        let schema = try RealSchemaSessionTests.schema("compose-spec")
        let files = try Fixtures(["compose.yaml": Self.compose])
        let file = files.path("compose.yaml")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        // The key beside the named properties is listed, not hidden.
        try tmux.waitFor { $0.contains { $0.hasPrefix("   x-owner") && $0.contains("platform") } }
        try select("services", tmux)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > services") && $0.hasSuffix("map of 2 ›") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("compose.yaml › services") == true && $0.contains { $0.hasPrefix("   web") } }
        // Added by name: a name the pattern refuses is said, then a good one taken.
        try tmux.send("a")
        try tmux.waitFor { $0.last?.contains("Key of the new member?") == true }
        try tmux.send(contentsOf: ["d", "b", "!", "Enter"])
        try tmux.waitFor { Tmux.flowed($0).contains("expected a key matching ^[a-zA-Z0-9._-]+$") }
        try tmux.send("BSpace", "Enter")
        // The cursor on the new member, wherever its key puts it.
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > db") && $0.hasSuffix("›") } }
        // Opened, its image given.
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("services › db") == true }
        try select("image", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["p", "o", "s", "t", "g", "r", "e", "s", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > image") && $0.hasSuffix("postgres") } }
        // Back on the services, web renamed www: its lines and comments stay where they were.
        try tmux.send("Escape")
        try tmux.waitFor { $0.first?.contains("compose.yaml › services") == true && !$0[0].contains("db") }
        try tmux.send("G", "Up", "R", "C-u")
        try tmux.waitFor { $0.last?.contains("Rename web to?") == true }
        try tmux.send(contentsOf: ["w", "w", "w", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > www") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == Self.compose.replacing("  web:            # the front end", with: "  www:            # the front end")
                    .replacing("    image: redis\n", with: "    image: redis\n  db:\n    image: postgres\n"), "\(saved)")
        #expect(try RealSchemaSessionTests.validated(file, by: schema) == "valid\n")
    }

    @Test func gitLabsJobsAreTheTopLevelKeysAndANewOneIsAddedItsImageTextThenAnObject() throws {
        let schema = try RealSchemaSessionTests.schema("gitlab-ci")
        let pipeline = """
            # pipeline
            stages: [build, test]

            build:
              stage: build
              script:
                - go build ./...   # everything

            test:
              stage: test
              script:
                - go test ./...

            """
        let files = try Fixtures([".gitlab-ci.yml": pipeline])
        let file = files.path(".gitlab-ci.yml")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { $0.first?.hasPrefix(" .gitlab-ci.yml") == true && $0.contains { $0.hasPrefix(" > ") } }
        try tmux.send("G")
        // Every job listed after the named keywords, each opening the job's screen.
        try tmux.waitFor { $0.contains { $0.hasPrefix("   build") && $0.hasSuffix("settings ›") }
            && $0.contains { $0.hasPrefix("   test") && $0.hasSuffix("settings ›") } && $0.contains { $0.hasPrefix(" > + Add a key") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.last?.contains("Key of the new member?") == true }
        try tmux.send(contentsOf: ["l", "i", "n", "t", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > lint") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains(".gitlab-ci.yml › lint") == true }
        try select("stage", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["t", "e", "s", "t", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > stage") && $0.hasSuffix("test") } }
        // The image, text or an object: typed as text, then made an object (S, asking before
        // the text is dropped), its name given on its screen.
        try select("image", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["a", "l", "p", "i", "n", "e", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > image") && $0.hasSuffix("alpine") } }
        try tmux.send("S")
        try tmux.waitFor { Tmux.flowed($0).contains(#"image holds "alpine": drop it to make it an object? (y/N)"#) }
        try tmux.send("y")
        // An image's object needs its name: the change waits, and says so.
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > image") && $0.hasSuffix("✗ 1 problem ›") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("lint › image") == true }
        try select("name", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: "go:1.22".map { String($0) } + ["Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > name") && $0.hasSuffix("go:1.22") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        // The stage, text or a list of it, stays text.
        // New members in block style, as a person writes them (each was added to an empty `{}`).
        #expect(saved == pipeline + "lint:\n  stage: test\n  image:\n    name: \"go:1.22\"\n", "\(saved)")
        #expect(try RealSchemaSessionTests.validated(file, by: schema) == "valid\n")
    }

    @Test func aGitHubTriggerBecomesAnObjectAndAJobIsAddedWithAStepAndItsRunsOn() throws {
        let schema = try RealSchemaSessionTests.schema("github-workflows")
        // `"on"` quoted, as PyYAML (YAML 1.1) would read a bare `on` as true.
        let workflow = """
            # CI for the app
            name: CI
            "on": push
            jobs:
              build:
                runs-on: ubuntu-latest   # the usual
                steps:
                  - uses: actions/checkout@v4
                  - run: make

            """
        let files = try Fixtures(["ci.yml": workflow])
        let file = files.path("ci.yml")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > name") } }
        // The trigger, an event, a list of them or an object: S makes it a list of it, then an
        // object (asking before the list is dropped), whose push is given its branches.
        try select("on", tmux)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > on") && $0.hasSuffix("‹ push ›") } }
        try tmux.send("S")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > on") && $0.hasSuffix("list of 1 ›") } }
        try tmux.send("S")
        try tmux.waitFor { Tmux.flowed($0).contains(#"on holds ["push"]: drop it to make it an object? (y/N)"#) }
        try tmux.send("y")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > on") && $0.hasSuffix("settings ›") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("ci.yml › on") == true }
        try select("push", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("on › push") == true && $0.contains { $0.hasPrefix(" > branches") } }
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["m", "a", "i", "n", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > branches") && $0.hasSuffix("main") } }
        try tmux.send("Escape", "Escape")
        try tmux.waitFor { $0.first?.hasPrefix(" ci.yml") == true && $0.first?.contains("›") == false }
        try select("jobs", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("ci.yml › jobs") == true && $0.contains { $0.hasPrefix(" > build") } }
        try tmux.send("a", "t", "e", "s", "t", "Enter")
        // A job with nothing in it is no job yet: the change waits, and says why.
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > test") && $0.contains("✗") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("jobs › test") == true }
        // runs-on may be text, a list or an object: typed as text.
        try select("runs-on", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: "ubuntu-24.04".map { String($0) } + ["Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > runs-on") && $0.hasSuffix("ubuntu-24.04") } }
        try tmux.waitFor { Tmux.flowed($0).contains("saved: the problems are fixed") }
        // A step added and its command given.
        try select("steps", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > + Add an item") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 1. (no name)") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("steps › 1. (no name)") == true }
        try tmux.send(contentsOf: ["/", "^", "r", "u", "n", "$"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > run") } }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains(" ↑↓ move") == true }
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["m", "a", "k", "e", "Space", "t", "e", "s", "t", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > run") && $0.hasSuffix("make test") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == workflow.replacing(#""on": push"#, with: "\"on\":\n  push:\n    branches:\n      - main")
                    + "  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n", "\(saved)")
        #expect(try RealSchemaSessionTests.validated(file, by: schema) == "valid\n")
    }

    @Test func anIssueFormsInputIsEditedOnTheScreenOfItsType() throws {
        let schema = try RealSchemaSessionTests.schema("github-issue-forms")
        let form = """
            # the bug form
            name: Bug report
            description: Tell us what broke
            body:
              - type: markdown
                attributes:
                  value: Thanks for the report!
              - type: input   # the version
                id: version
                attributes:
                  label: Version

            """
        let files = try Fixtures(["bug.yml": form])
        let file = files.path("bug.yml")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > name") } }
        try select("body", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 1. markdown") } && $0.contains { $0.hasPrefix("   2. input") } }
        // Each item opens the screen of its type: the markdown's, the input's.
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix("   markdown attributes") } }
        try tmux.send("Escape")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 1. markdown") } }
        try tmux.send("Down", "Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix("   input attributes") } && !$0.contains { $0.contains("markdown") } }
        try select("input attributes", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > label") && $0.hasSuffix("Version") } }
        try tmux.send("Enter", "C-u")
        try tmux.send(contentsOf: ["A", "p", "p", "Space", "v", "e", "r", "s", "i", "o", "n", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > label") && $0.hasSuffix("App version") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == form.replacing("label: Version", with: "label: App version"), "\(saved)")
        #expect(try RealSchemaSessionTests.validated(file, by: schema) == "valid\n")
    }
}
