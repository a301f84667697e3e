#if canImport(Glibc)
import Glibc
#endif
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

    /// Where SwiftPM put the modules of the build these tests are part of.
    static let modules: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // …/debug/SeguePackageTests.xctest: the modules are beside it.
        let folder = executable.split(separator: "/").dropLast().joined(separator: "/")
        return "/" + folder + "/Modules"
    }()

    /// What the snippets take for granted: the reader's own services and values.
    static let prelude = """
        import SegueKit
        import Testing
        #if canImport(Glibc)
        import Glibc
        #endif

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
        let files = try listing(root + "/docs").filter { $0.hasSuffix(".md") }.map { root + "/docs/" + $0 }
            + listing(catalog).filter { $0.hasSuffix(".md") }.map { catalog + "/" + $0 }
        var found: [Snippet] = []
        for file in files.sorted() {
            let lines = try read(file).split(separator: "\n", omittingEmptySubsequences: false)
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
        let folder = "/tmp/segue-snippets-\(getpid())"
        _ = system("rm -rf \(folder) && mkdir -p \(folder)")
        defer { _ = system("rm -rf \(folder)") }

        // The bodies, each in a function of its own, in one module with the prelude.
        var bodies = [Self.prelude]
        var places: [String] = []
        for (number, snippet) in snippets.enumerated() where !snippet.isProgram {
            let code = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") }.map { "    " + $0 }.joined(separator: "\n")
            bodies.append("// \(snippet.file):\(snippet.line)\nfunc snippet\(number)() async throws {\n\(code)\n}\n")
            places.append("\(snippet.file):\(snippet.line)")
        }
        try write(bodies.joined(separator: "\n"), to: folder + "/Bodies.swift")
        let result = typecheck([folder + "/Bodies.swift"], modules: modules, folder: folder)
        #expect(result.status == 0, "snippets in \(places.joined(separator: ", ")) do not compile:\n\(result.output)")

        for snippet in snippets where snippet.isProgram {
            let path = folder + "/Program\(snippet.line).swift"
            try write(snippet.code, to: path)
            let result = typecheck([path], modules: modules, folder: folder, swift6: true)
            #expect(result.status == 0, "\(snippet.file):\(snippet.line) does not compile:\n\(result.output)")
        }
    }

    /// `segue-example`, the program the docs point to, is built in the package; it must compile
    /// outside it too, with only what SegueKit makes public.
    @Test func theExampleProgramCompilesAgainstThePublicLibrary() throws {
        let modules = try #require(Self.modules)
        let folder = "/tmp/segue-example-check-\(getpid())"
        _ = system("rm -rf \(folder) && mkdir -p \(folder)")
        defer { _ = system("rm -rf \(folder)") }
        let result = typecheck([Self.root + "/Sources/segue-example/main.swift"], modules: modules, folder: folder,
                               swift6: true, topLevelCode: true)
        #expect(result.status == 0, "Sources/segue-example/main.swift does not compile outside the package:\n\(result.output)")
    }

    /// `swiftc -typecheck` with the package's modules (and the curses shim's module map) in reach,
    /// as a separate module: no `-package-name`, so only `public` declarations are seen.
    /// A whole program is checked in Swift 6 mode, as the docs promise it compiles there.
    func typecheck(_ files: [String], modules: String, folder: String, swift6: Bool = false,
                   topLevelCode: Bool = false) -> (status: Int32, output: String) {
        let command = (["swiftc", "-typecheck"] + (topLevelCode ? [] : ["-parse-as-library"]) + ["-module-name", "Reader", "-I", modules,
                        "-I", Self.root + "/Sources/CNcursesw"] + (swift6 ? ["-swift-version", "6"] : []) + files).map { "'\($0)'" }.joined(separator: " ")
        let log = folder + "/log"
        let status = system(command + " > '\(log)' 2>&1")
        return (status, (try? Self.read(log)) ?? "")
    }

    static func listing(_ folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw SnippetError(message: "cannot list \(folder)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else { throw SnippetError(message: "cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw SnippetError(message: "cannot write \(path)") }
        defer { fclose(file) }
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
    }

    struct SnippetError: Error {
        var message: String
    }
}
