import Foundation
import Testing

/// Every Swift snippet in the docs (`docs/*.md`) and the DocC catalog compiles as a program
/// outside the package would write it: `swiftc -typecheck` with only SegueKit's built modules in
/// reach, so `package` declarations are out of sight (issue 31, bug 5; the curated surface).
///
/// A snippet that is a whole program (`@main`) is checked as it is; the others are bodies, each
/// put in a function of its own, beside stand-ins for what the docs leave to the reader (`api`,
/// `service`, a `handlers` registry…: `prelude`). A block that starts with `// Package.swift` is a
/// manifest fragment and is skipped.
@Suite(.serialized) struct DocSnippetTests {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/SegueKitTests/DocSnippetTests.swift
        return parts.joined(separator: "/")
    }()

    /// Where SwiftPM put the modules of the build these tests are part of: beside the test
    /// bundle (`…/debug/SeguePackageTests.xctest`).
    static let modules: String? = {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("Modules").path
    }()

    /// What the snippets take for granted: the reader's own services and values.
    static let prelude = """
        import SegueKit
        import Testing

        struct Person { let id: Int; let name: String; let city: String }
        struct PeoplePage { let people: [Person]; let isLast: Bool }
        enum api {
            static func sync() async throws -> Int { 0 }
            static func people(page: Int, size: Int) async throws -> PeoplePage { PeoplePage(people: [], isLast: true) }
            static func users(page: Int) async throws -> SourcePage { SourcePage(rows: []) }
        }
        enum service { static func people(page: Int) async throws -> [Person] { [] } }
        enum analytics { static func log(_ event: String) {} }
        struct Colour { let name: String; let hex: String }
        let palette: [Colour] = []
        let handlers = HandlerRegistry()
        nonisolated(unsafe) var screen = ComposedScreen(title: "Screen")
        let menu = ComposedScreen(title: "Main")
        func peopleScreen() -> ComposedScreen { ComposedScreen(title: "People") }

        """

    struct Snippet {
        var file: String
        var line: Int
        var code: String
        var isProgram: Bool { code.contains("@main") }
    }

    static func snippets() throws -> [Snippet] {
        let catalog = root + "/Sources/SegueKit/SegueKit.docc"
        let markdown = { (folder: String) in
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
        let files = try markdown(root + "/docs") + markdown(catalog)
        var found: [Snippet] = []
        for file in files.sorted() {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                guard lines[index].trimmingPrefix(" ").hasPrefix("```swift") else {
                    index += 1
                    continue
                }
                let start = index + 1
                var end = start
                while end < lines.count, !lines[end].trimmingPrefix(" ").hasPrefix("```") { end += 1 }
                let code = lines[start..<end].joined(separator: "\n")
                if !code.hasPrefix("// Package.swift") {
                    found.append(Snippet(file: String(file.dropFirst(root.count + 1)), line: start + 1, code: code))
                }
                index = end + 1
            }
        }
        return found
    }

    @Test func everySwiftSnippetInTheDocsCompilesAgainstThePublicLibrary() throws {
        let modules = try #require(Self.modules)
        let snippets = try Self.snippets()
        #expect(snippets.count >= 10, "found only \(snippets.count) snippets: the extraction is broken")
        let folder = try Self.scratchFolder("snippets")
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // The bodies, each in a function of its own, in one module with the prelude.
        // Only what the snippets import themselves is in reach (the prelude's own is SegueKit and
        // Testing): a snippet calling `exit` says where it comes from.
        let imports = Set(snippets.filter { !$0.isProgram }.flatMap { snippet in
            snippet.code.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
        })
        var bodies = [imports.sorted().joined(separator: "\n") + "\n" + Self.prelude]
        var places: [String] = []
        for (number, snippet) in snippets.enumerated() where !snippet.isProgram {
            let code = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") }.map { "    " + $0 }.joined(separator: "\n")
            bodies.append("// \(snippet.file):\(snippet.line)\nfunc snippet\(number)() async throws {\n\(code)\n}\n")
            places.append("\(snippet.file):\(snippet.line)")
        }
        try bodies.joined(separator: "\n").write(toFile: folder + "/Bodies.swift", atomically: true, encoding: .utf8)
        let result = typecheck([folder + "/Bodies.swift"], modules: modules)
        #expect(result.status == 0, "snippets in \(places.joined(separator: ", ")) do not compile:\n\(result.output)")

        for snippet in snippets where snippet.isProgram {
            let path = folder + "/Program\(snippet.line).swift"
            try snippet.code.write(toFile: path, atomically: true, encoding: .utf8)
            let result = typecheck([path], modules: modules, swift6: true)
            #expect(result.status == 0, "\(snippet.file):\(snippet.line) does not compile:\n\(result.output)")
        }
    }

    /// No public type a program sees through SegueKit has a name Foundation, Swift Testing or
    /// swift-argument-parser also declares (`ExitStatus` was Testing's too: a test file importing
    /// both could not name it). Each top-level public type is named in a file importing all four.
    @Test func noPublicTypeNameClashesWithFoundationTestingOrArgumentParser() throws {
        let modules = try #require(Self.modules)
        let sources = Self.root + "/Sources"
        var names: Set<String> = []
        let pattern = /^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) ([A-Z][A-Za-z0-9]*)/
        for target in try FileManager.default.contentsOfDirectory(atPath: sources) where target.hasPrefix("Segue") {
            guard let files = FileManager.default.enumerator(atPath: sources + "/" + target) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: sources + "/" + target + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") { if let match = line.firstMatch(of: pattern) { names.insert(String(match.1)) } }
            }
        }
        #expect(names.count > 50, "found only \(names.count) public types: the search is broken")
        let folder = try Self.scratchFolder("names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let code = ["import Foundation", "import Testing", "import ArgumentParser", "import SegueKit"]
            + names.sorted().map { "typealias Named\($0) = \($0)" }
        try code.joined(separator: "\n").write(toFile: folder + "/Names.swift", atomically: true, encoding: .utf8)
        let result = typecheck([folder + "/Names.swift"], modules: modules)
        // Types behind an SPI or a package are not found, which is no clash.
        let clashes = result.output.split(separator: "\n").filter { $0.contains("error:") && $0.contains("ambiguous") }
        #expect(clashes.isEmpty, "public names clash:\n\(clashes.joined(separator: "\n"))")
    }

    /// `try await Segue.run(…)` in a program's top-level code is the `async` form, whose
    /// `Outcome` has an `ending` and `values`: the synchronous form is named apart
    /// (`runBlocking`), so Swift cannot prefer it there, as it did while both were `run`.
    @Test func topLevelAwaitRunIsTheAsyncForm() throws {
        let modules = try #require(Self.modules)
        let folder = try Self.scratchFolder("toplevel")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let code = """
            import SegueKit
            let outcome = try await Segue.run(specAt: "menu.json")
            print(outcome.ending, outcome.values)
            let screen = try await Segue.run(ComposedScreen(title: "Main"))
            print(screen.ending)
            // What the docs say a question throws can be caught by name.
            do { _ = try await Segue.input("Tag:", pattern: "[") } catch let problem as ShapeProblem { print(problem.path, problem.message) }
            """
        try code.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let result = typecheck([folder + "/main.swift"], modules: modules, swift6: true, topLevelCode: true)
        #expect(result.status == 0, "top-level await run:\n\(result.output)")
    }

    /// `segue-example`, the program the docs point to, is built in the package; it must compile
    /// outside it too, with only what SegueKit makes public.
    @Test func theExampleProgramCompilesAgainstThePublicLibrary() throws {
        let modules = try #require(Self.modules)
        let folder = Self.root + "/Sources/segue-example"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("main.swift"))
        let result = typecheck(files.map { folder + "/" + $0 }, modules: modules, swift6: true, topLevelCode: true)
        #expect(result.status == 0, "Sources/segue-example does not compile outside the package:\n\(result.output)")
    }

    /// `swiftc -typecheck` with the package's modules (and the curses and libyaml shims' module maps) in reach,
    /// as a separate module: no `-package-name`, so only `public` declarations are seen.
    /// A whole program is checked in Swift 6 mode, as the docs promise it compiles there.
    func typecheck(_ files: [String], modules: String, swift6: Bool = false,
                   topLevelCode: Bool = false) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck"] + (topLevelCode ? [] : ["-parse-as-library"])
            + ["-module-name", "Reader", "-I", modules, "-I", Self.root + "/Sources/CNcursesw", "-I", Self.root + "/Sources/CLibYAML",
                  "-I", Self.root + "/Sources/CXattr"]
            + (swift6 ? ["-swift-version", "6"] : []) + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return (-1, "cannot run swiftc: \(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A fresh folder under the temporary one, for one check's files.
    static func scratchFolder(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
