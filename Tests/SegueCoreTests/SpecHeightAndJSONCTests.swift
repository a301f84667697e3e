import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

@Suite struct SpecHeightAndShellWordsTests {
    @Test func aSpecsHeightIsReadAndABadOneNamed() throws {
        let spec = try loadSpec(#"{"height": "~12", "sections": []}"#, file: "/p/a.json")
        #expect(spec.inlineHeight == InlineHeight(.rows(12), fitsContent: true))
        #expect(try loadSpec(#"{"height": 8, "sections": []}"#, file: "/p/a.json").inlineHeight == InlineHeight(.rows(8)))
        #expect(loadProblem(#"{"height": "tall", "sections": []}"#, file: "/p/a.json")?.contains("/p/a.json:1:12: height: expected lines under the prompt") == true)
    }

    @Test func defaultOptionsSplitAsShWouldSplitThem() {
        #expect(ShellWords.split(#"--height ~40%  --prompt 'pick: ' --header "a \"b\" \$c" x\ y"#)
            == ["--height", "~40%", "--prompt", "pick: ", "--header", #"a "b" $c"#, "x y"])
        #expect(ShellWords.split("  ") == [])
        #expect(ShellWords.split("''") == [""])
    }
}

/// JSONC in specs: comments and trailing commas load, and errors after them name the line and
/// column of the text as written.
@Suite struct JSONCSpecTests {
    @Test func aCommentedSpecLoadsAndItsErrorsPointIntoTheText() throws {
        let text = """
            // The menu.
            {
              "title": "Menu", /* its title */
              "sections": [{"rows": [
                {"title": "One"}, // first
                {"title": "Two",},
              ]},],
            }
            """
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/x/menu.json")
        #expect(spec.rowCount == 2)
        let broken = text.replacingOccurrences(of: #"{"title": "Two",}"#, with: #"{"title": 2}"#)
        let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).parse(bytes: Array(broken.utf8), file: "/x/menu.json") }
        #expect(error?.description == "/x/menu.json:6:15: sections[0].rows[1].title: expected a string, found 2")
    }

    @Test func placeholdersInCommentsAreNotTemplatesAndPathsSkipComments() throws {
        let commented = "// rows may use {{ a +* }}\n/* {\"x\": [ {{ */ {\"sections\": [{\"rows\": [{\"title\": \"{{title}}\"}]}]}"
        #expect(throws: Never.self) { try SpecLoader(disk: nil).parse(bytes: Array(commented.utf8), file: "/x/a.json") }
        let broken = "/* {\"x\": [ */ {\"sections\": [{\"rows\": [{\"title\": \"{{ a +* }}\"}]}]}"
        let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).parse(bytes: Array(broken.utf8), file: "/x/a.json") }
        #expect(error?.description.hasPrefix("/x/a.json:1:") == true && error?.description.contains(": sections[0].rows[0].title: {{ a +* }}") == true,
                "\(String(describing: error))")
    }
}
