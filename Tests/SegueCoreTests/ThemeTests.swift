import Testing
@testable import SegueCore
@testable import SegueSpec
import SegueFiles

/// Themes by name from the command line, the environment or the spec; NO_COLOR and --color.
@Suite struct ThemeTests {
    @Test func theCommandLineWinsThenTheEnvironmentThenTheSpec() throws {
        func resolved(_ option: String?, _ environment: [String: String], _ spec: String?,
                      _ colour: ColourChoice = .auto) throws -> Theme {
            try Theme.resolve(option: option, environment: environment, spec: spec, colour: colour).get()
        }
        #expect(try resolved(nil, [:], nil) == .standard)
        #expect(try resolved(nil, [:], "mono") == .mono)
        #expect(try resolved(nil, ["SEGUE_THEME": "high-contrast"], "mono") == .highContrast)
        #expect(try resolved("mono", ["SEGUE_THEME": "high-contrast"], "default") == .mono)
        #expect(throws: ThemeProblem(source: "--theme", name: "neon")) { try resolved("neon", [:], nil) }
        #expect(Theme.resolve(option: nil, environment: ["SEGUE_THEME": "x"], spec: nil, colour: .auto)
                == .failure(ThemeProblem(source: "SEGUE_THEME", name: "x")))
        #expect(ThemeProblem(source: "--theme", name: "neon").description
                == #"--theme: expected "default", "high-contrast", "mono", found "neon""#)
    }

    @Test func noColorTakesColoursOutAndKeepsAttributes() throws {
        let plain = try Theme.resolve(option: "high-contrast", environment: ["NO_COLOR": "1"], spec: nil, colour: .auto).get()
        #expect(plain.header == Style(attributes: [.bold, .underline]))
        #expect(plain.error == Style(attributes: [.bold]))
        // An empty NO_COLOR does not count; --color always overrides it, never turns colour off.
        #expect(try Theme.resolve(option: nil, environment: ["NO_COLOR": ""], spec: nil, colour: .auto).get() == .standard)
        #expect(try Theme.resolve(option: nil, environment: ["NO_COLOR": "1"], spec: nil, colour: .always).get() == .standard)
        #expect(try Theme.resolve(option: nil, environment: [:], spec: nil, colour: .never).get().header.foreground == .default)
    }

    @Test func aSpecNamesAThemeOrIsTold() {
        func load(_ text: String) -> String {
            do { return try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/t/x.json").theme ?? "none" } catch { return "\(error)" }
        }
        #expect(load(#"{"theme": "mono", "sections": []}"#) == "mono")
        #expect(load(#"{"theme": "neon", "sections": []}"#).contains(#"theme: expected "default", "high-contrast", "mono", found "neon""#))
    }
}
