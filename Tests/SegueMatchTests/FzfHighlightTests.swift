import Foundation
import Testing
@testable import SegueMatch

/// Matches are highlighted as in fzf.
@Suite struct FzfHighlightTests {
    /// Highlights as interactive fzf 0.38 draws them (read off its screen in tmux): the best
    /// alignment, not the first.
    @Test func theBestAlignmentIsHighlighted() {
        func marked(_ query: String, _ line: String) -> String {
            let positions = Set(FindQuery(query).match(line)?.positions ?? [])
            return String(line.unicodeScalars.enumerated().map { positions.contains($0.offset) ? "^" : " " })
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let line = "b6add2a2 Fix rendering of preview window border of tcell renderer"
        #expect(marked("bord", line) == String(repeating: " ", count: 41) + "^^^^")
        #expect(marked("ff", "fuzzy-finder") == "^     ^")
        #expect(marked("foob", "foo-bar foobar") == "        ^^^^")
        #expect(marked("br", "fo-bar foob-r") == "   ^ ^")
        // The greedy match, fzf's --algo=v1, takes the first way through.
        let greedy = Set(FindQuery("bord", algorithm: .greedy).match(line)?.positions ?? [])
        #expect(greedy.min() == 0)
    }
}
