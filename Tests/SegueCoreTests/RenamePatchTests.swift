import Testing
@testable import SegueCore
@testable import SegueFiles
@testable import SegueYAML

/// A member renamed (`segue edit`'s rename: its key taken away, a sibling set to its value) is
/// its key's text changed in place: every other byte stays, comments inside it too (issue 45).
@Suite struct RenamePatchTests {
    /// `text` with `from` renamed `to` inside the object at `parent`, as a save writes it.
    func renamed(_ text: String, yaml: Bool, at parent: String, _ from: String, _ to: String) throws -> String? {
        let bytes = Array(text.utf8)
        var merged = yaml ? try JSONParser.parse(YAMLDocument.json(bytes).bytes) : try JSONParser.parse(bytes)
        let value = merged.setting(parent + "/" + from)
        merged.setSetting(parent + "/" + from, to: nil)
        merged.setSetting(parent + "/" + to, to: value)
        let names = [parent + "/" + from, parent + "/" + to]
        let patched = yaml ? YAMLPatch(bytes)?.applying(names, from: merged) : SettingsPatch(bytes)?.applying(names, from: merged)
        return patched.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aRenamedYAMLMemberKeepsItsLinesAndComments() throws {
        let compose = """
            # the app's services
            services:
              web:            # the front end
                image: nginx:1.25   # pinned
                ports:
                  - "8080:80"
              cache: {image: redis}

            """
        #expect(try renamed(compose, yaml: true, at: "/services", "web", "www")
                == compose.replacing("  web:            # the front end", with: "  www:            # the front end"))
        // A flow mapping's key, and a key that needs quotes.
        #expect(try renamed(compose, yaml: true, at: "/services", "cache", "yes")
                == compose.replacing("cache: {image", with: "\"yes\": {image"))
    }

    @Test func aRenamedJSONMemberKeepsItsLinesAndComments() throws {
        let package = """
            {
              "name": "app",
              "scripts": {
                "build": "tsc", // the compiler
                "test": "vitest"
              }
            }

            """
        #expect(try renamed(package, yaml: false, at: "/scripts", "build", "compile")
                == package.replacing("\"build\": \"tsc\"", with: "\"compile\": \"tsc\""))
        #expect(try renamed(package, yaml: false, at: "/scripts", "test", "a\"b")
                == package.replacing("\"test\": \"vitest\"", with: "\"a\\\"b\": \"vitest\""))
    }
}
