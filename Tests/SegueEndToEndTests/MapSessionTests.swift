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
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > " + title) } }
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
        try tmux.waitFor { $0.contains { $0.hasPrefix("   db") && $0.hasSuffix("›") } }
        // Opened, its image given.
        try tmux.send("Down", "Enter")
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
                    .replacing("    image: redis\n", with: "    image: redis\n  db: {image: postgres}\n"), "\(saved)")
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
        try tmux.waitFor { $0.contains { $0.hasPrefix("   lint") } }
        try select("lint", tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains(".gitlab-ci.yml › lint") == true }
        try select("stage", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["t", "e", "s", "t", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > stage") && $0.hasSuffix("test") } }
        // The image, text or an object: typed as text, then as an object (JSON).
        try select("image", tmux)
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["a", "l", "p", "i", "n", "e", "Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > image") && $0.hasSuffix("alpine") } }
        try tmux.send("Enter", "C-u")
        try tmux.send(contentsOf: #"{"name": "go:1.22", "pull_policy": "always"}"#.map { $0 == " " ? "Space" : String($0) } + ["Enter"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > image") && $0.contains(#"{"name":"go:1.22","pull_policy":"always"}"#) } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        // A string or a list of strings is a list input, which saves a list (GitLab takes both).
        #expect(saved == pipeline + "lint: {stage: [test], image: {name: \"go:1.22\", pull_policy: always}}\n", "\(saved)")
        #expect(try RealSchemaSessionTests.validated(file, by: schema) == "valid\n")
    }
}
