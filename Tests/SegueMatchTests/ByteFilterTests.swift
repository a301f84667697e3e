import Testing
@testable import SegueMatch

/// The look at a line's bytes before it is decoded (issue 42): it may only rule out a line that
/// cannot match, so it must agree with `match` on every line it lets go, and rule out most lines
/// that miss a term.
@Suite struct ByteFilterTests {
    static let queries = [
        "rendwin", "parser go", "cache rs$ !src", "'exact", "^src", "go$", "^a/b$", "Render", "a | zz", "!x",
        "ecole", "école", "pa\\ th", "x | é", "CaSe", "q", "eco", "kq", "o rs", "Ec",
    ]

    /// Lines of words, paths, capitals, spaces, escape sequences and a few accented letters,
    /// from a fixed sequence.
    static let lines: [String] = {
        let parts = ["src", "render", "win", "dow", "parser", "go", "cache", "rs", "Render", "école", "ecole", "a", "b",
                     "path", "pa th", "\u{1B}[31m", "\u{1B}[0m", "/", "_", ".", " ", "exact", "zz", "x", "CaSe", "q",
                     "Éc", "e\u{301}", "\u{212A}", "·", "ß", "日本", "Ö"]
        var state: UInt64 = 42
        return (0..<4000).map { _ in
            (0..<(1 + Int(state % 7))).map { _ -> String in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return parts[Int(state >> 33) % parts.count]
            }.joined()
        }
    }()

    @Test func aLineRuledOutNeverMatches() {
        var ruledOut = 0
        for query in Self.queries.map({ FindQuery($0) }) {
            for line in Self.lines {
                let bytes = Array(line.utf8)
                let may = bytes.withUnsafeBufferPointer { query.mayMatch($0) }
                var text = SearchText()
                text.load(line)
                if !may {
                    ruledOut += 1
                    #expect(query.match(text) == nil, "\(query.text) ruled out \(line.debugDescription), which matches")
                }
            }
        }
        #expect(ruledOut > Self.lines.count * 4, "most lines that miss a term are ruled out from their bytes")
    }

    /// A line the bytes say matches does match; for a query of fuzzy terms, an ASCII line with no
    /// escape that matches is known from its bytes (no decoding, no alignment, when no score
    /// is needed).
    @Test func aLineTheBytesSayMatchesMatches() {
        var known = 0
        for query in (Self.queries + ["ren win", "CaSe q", "par | ca", "e\\ c"]).map({ FindQuery($0) }) {
            for line in Self.lines {
                let look = Array(line.utf8).withUnsafeBufferPointer { query.byteLook($0) }
                var text = SearchText()
                text.load(line)
                let matches = query.match(text) != nil
                if look == .matches {
                    known += 1
                    #expect(matches, "\(query.text) said to match \(line.debugDescription)")
                }
                if query.bytesDecide, line.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x1B }) {
                    #expect((look == .matches) == matches, "\(query.text) over \(line.debugDescription)")
                }
                if look == .ruledOut { #expect(!matches) }
            }
        }
        #expect(known > Self.lines.count / 2, "many matches are known from the bytes")
        #expect(!FindQuery("'exact").bytesDecide && !FindQuery("^src").bytesDecide && !FindQuery("!x").bytesDecide)
        #expect(!FindQuery("é").bytesDecide && !FindQuery("pa\\ th").bytesDecide && FindQuery("ren win").bytesDecide)
    }

    /// The eight-bytes-at-a-time look for bytes that are not plain ASCII finds one at any place
    /// of a line of any length, and lets every plain line through.
    @Test func aByteThatIsNotPlainASCIIIsSeenWhereverItIs() {
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(0x20 + ($0 * 7) % 0x5F) }
            #expect(plain.withUnsafeBufferPointer { FindQuery.isPlainASCII($0) }, "\(length) plain bytes")
            for place in 0..<length {
                for odd: UInt8 in [0x1B, 0x80, 0xC3, 0xFF] {
                    var line = plain
                    line[place] = odd
                    #expect(!line.withUnsafeBufferPointer { FindQuery.isPlainASCII($0) }, "\(odd) at \(place) of \(length)")
                }
            }
        }
        // Bytes next to ESC's and to 0x80's values are plain.
        let near: [UInt8] = [0x1A, 0x1C, 0x7F, 0x3B, 0x0B, 0x5B, 0x1A, 0x1C, 0x7F, 0x3B, 0x0B, 0x5B, 0x1A, 0x1C, 0x7F, 0x3B]
        #expect(near.withUnsafeBufferPointer { FindQuery.isPlainASCII($0) })
    }

    /// Sixteen bytes are compared at a time: a wanted character (either case, or a character
    /// that is not ASCII standing for it) is found at any place of a line of any length, and
    /// the characters after it only after it.
    @Test func aCharacterIsFoundWhereverItIsInALongLine() {
        func may(_ query: String, _ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { FindQuery(query).mayMatch($0) }
        }
        for length in 1...50 {
            let filler = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(!may("x", filler), "no x in \(length) bytes")
            for place in 0..<length {
                for found: [UInt8] in [[0x78], [0x58], [0xC3, 0xA9]] {
                    var line = filler
                    line.replaceSubrange(place...place, with: found)
                    #expect(may("x", line), "\(found) at \(place) of \(length)")
                    #expect(may("ax", line) == (place > 0), "a before \(found) at \(place)")
                    #expect(may("xa", line) == (place + found.count < line.count), "a after \(found) at \(place)")
                }
            }
        }
    }

    @Test func whatCannotBeToldFromBytesIsLeftToTheMatch() {
        func may(_ query: String, _ line: String) -> Bool {
            Array(line.utf8).withUnsafeBufferPointer { FindQuery(query).mayMatch($0) }
        }
        #expect(!may("rendwin", "src/parser.go"))
        #expect(may("rendwin", "src/RENDER/window.go"), "case is ignored for a lowercase term")
        #expect(!may("Render", "src/render/window.go"), "an uppercase term matches case")
        #expect(may("ecole", "école/x"), "a character that is not ASCII stands for the one wanted")
        #expect(may("kelvin", "\u{212A}elvin"), "the Kelvin sign folds to k")
        #expect(may("ae", "a\u{301}e"), "a combining mark standing for a character only lets more through")
        #expect(!may("ecole", "écrit · x"), "a line with other characters is ruled out when it misses")
        #expect(may("!src", "src/x"), "a negated term rules nothing out")
        #expect(may("zz | win", "window"), "one alternative is enough")
        #expect(may("rend", "\u{1B}[31mre\u{1B}[0mnd"), "escape sequences only add bytes")
    }
}
