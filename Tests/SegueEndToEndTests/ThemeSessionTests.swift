import Foundation
import Testing

/// Colour in a real terminal: NO_COLOR leaves none, a theme changes the looks, a bad name is a
/// usage error before the screen is taken.
@Suite(.serialized) struct ThemeSessionTests {
    let spec = #"{"title": "Menu", "sections": [{"header": "Mains", "rows": [{"title": "Pizza"}]}]}"#

    func session(_ arguments: [String], environment: [String: String] = [:]) throws -> Tmux {
        let specs = try Fixtures(["menu.json": spec])
        return try Tmux([Paths.segue] + arguments + [specs.path("menu.json")], environment: environment)
    }

    /// SGR colour codes (30–37, 40–47, 38;…, 48;…) in the styled screen.
    func colourCodes(_ lines: [String]) -> [String] {
        lines.joined().components(separatedBy: "\u{1B}[").dropFirst().compactMap { run in
            let codes = run.prefix { $0 != "m" }.split(separator: ";").compactMap { Int($0) }
            return codes.contains { (30...37).contains($0) || (40...47).contains($0) || $0 == 38 || $0 == 48 } ? run : nil
        }
    }

    @Test func noColorLeavesNoColourAndKeepsBold() throws {
        let tmux = try session([], environment: ["NO_COLOR": "1"])
        try tmux.waitFor(text: "Mains")
        let styled = try tmux.styledScreen()
        #expect(colourCodes(styled).isEmpty, "\(styled)")
        #expect(styled[1].contains("\u{1B}[1m"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func highContrastHasYellowUnderlinedHeaders() throws {
        // `swift test` sets NO_COLOR=1 for what it runs; an empty one does not count.
        let tmux = try session(["--theme", "high-contrast"], environment: ["NO_COLOR": ""])
        try tmux.waitFor(text: "Mains")
        let styled = try tmux.styledScreen()
        #expect(styled[1].contains("33m"), "\(styled)")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func colorAlwaysWinsOverNoColor() throws {
        let tmux = try session(["--color", "always"], environment: ["NO_COLOR": "1"])
        try tmux.waitFor(text: "Mains")
        let styled = try tmux.styledScreen()
        #expect(styled[1].contains("36m"), "\(styled)")  // the default theme's cyan header
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aLocaleWithoutUTF8GetsASCII() throws {
        let specs = try Fixtures(["menu.json": #"{"title": "Café", "sections": [{"rows": [{"title": "Crème", "segue": "x.json"}, {"title": "日本"}]}]}"#])
        let tmux = try Tmux([Paths.segue, specs.path("menu.json")], environment: ["LANG": "C", "LC_ALL": "C"])
        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix(" > Cr?me") } }
        #expect(screen[0].hasPrefix(" Caf?") && screen[1].hasSuffix(" >") && screen.contains("   ????"))
        #expect(screen.last?.hasPrefix(" j/k move  Enter open") == true)
        let allASCII = screen.joined().allSatisfy { $0.isASCII }
        #expect(allASCII)
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func anUnknownThemeIsAUsageError() throws {
        let tmux = try session(["--theme", "neon"])
        try tmux.waitFor(text: "--theme: expected")
        #expect(try tmux.exitStatus() == 64)
    }
}
