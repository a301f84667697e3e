import Glibc
import Testing
@testable import SegueCore

/// glibc's `wcwidth`, found at run time: Swift's Glibc module leaves out this X/Open function.
private let wcwidth: @convention(c) (wchar_t) -> Int32 = {
    guard let symbol = dlsym(nil, "wcwidth") else { fatalError("glibc has no wcwidth") }
    return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
}()

/// `TextWidth` checked against glibc's `wcwidth`, which ncurses draws with, for every scalar.
@Suite struct TextWidthReferenceTests {
    /// Why our width of `scalar` may differ from glibc's; `nil` for a difference that is a bug.
    static func intendedDifference(_ scalar: Unicode.Scalar, glibc: Int, ours: Int) -> String? {
        let properties = scalar.properties
        switch (glibc, ours) {
        case (-1, 0) where properties.generalCategory == .control:
            // C0 and C1 controls and DEL: never drawn (TextFitting.sanitize shows them as U+FFFD).
            return "controls take no column"
        case (-1, 1) where scalar == "\u{2028}" || scalar == "\u{2029}":
            // Line and paragraph separators: TextFitting.sanitize makes them spaces, as it does line breaks.
            return "line and paragraph separators are drawn as spaces"
        case (-1, _) where properties.generalCategory == .unassigned:
            // Not characters (yet); we count them 1, or 2 in the ranges Unicode reserves for ideographs.
            return "unassigned code points"
        case (-1, _) where (properties.age?.major ?? 0) >= 14:
            // Characters newer than glibc 2.36's Unicode 14 tables, which it calls non-printable;
            // we take their width from their own properties.
            return "characters newer than glibc's tables"
        case (0, 1) where scalar.value == 0x1171E:
            // AHOM CONSONANT SIGN MEDIAL RA: a nonspacing mark in glibc's tables, a spacing mark
            // (with a column of its own) in Swift's newer ones.
            return "U+1171E became a spacing mark"
        default:
            return nil
        }
    }

    /// Every scalar of a plane (0 to 16, each a test case, so they run in parallel).
    @Test(arguments: UInt32(0)...16)
    func everyScalarIsAsWideAsWcwidthSaysButForTheListedDifferences(plane: UInt32) {
        Self.useUTF8()
        let reference = wcwidth
        var unexplained: [String] = []
        // A `while` loop: iterating a range is ten times slower in a debug build.
        var value = plane << 16
        while value <= plane << 16 | 0xFFFF {
            defer { value += 1 }
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let glibc = Int(reference(wchar_t(value)))
            let ours = TextWidth.of(scalar)
            if glibc != ours, Self.intendedDifference(scalar, glibc: glibc, ours: ours) == nil {
                unexplained.append("U+\(String(value, radix: 16, uppercase: true)): wcwidth \(glibc), ours \(ours)")
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) differences: \(unexplained.prefix(20).joined(separator: "; "))")
    }

    /// Each listed difference is still needed: one scalar it explains, as glibc and we see it.
    @Test(arguments: [
        ("\u{7}", -1, 0), ("\u{9B}", -1, 0), ("\u{2028}", -1, 1), ("\u{378}", -1, 1), ("\u{2FFFD}", -1, 2),
        ("\u{1F6DC}", -1, 2), ("\u{1171E}", 0, 1),
    ] as [(Unicode.Scalar, Int, Int)])
    func theListedDifferencesOccur(scalar: Unicode.Scalar, glibc: Int, ours: Int) {
        Self.useUTF8()
        #expect(Int(wcwidth(wchar_t(scalar.value))) == glibc)
        #expect(TextWidth.of(scalar) == ours)
        #expect(Self.intendedDifference(scalar, glibc: glibc, ours: ours) != nil)
    }

    /// Widths fixed where glibc was right: visible format characters, Hangul jamo that join a
    /// syllable, and symbols glibc draws wide.
    @Test func formerDifferencesAreGone() {
        #expect(TextWidth.of("\u{600}" as Unicode.Scalar) == 1)   // ARABIC NUMBER SIGN
        #expect(TextWidth.of("\u{110BD}" as Unicode.Scalar) == 1) // KAITHI NUMBER SIGN
        #expect(TextWidth.of("\u{D7B0}" as Unicode.Scalar) == 0)  // HANGUL JUNGSEONG O-YEO
        #expect(TextWidth.of("\u{3248}" as Unicode.Scalar) == 2)  // CIRCLED NUMBER TEN ON BLACK SQUARE
        #expect(TextWidth.of("\u{4DC0}" as Unicode.Scalar) == 2)  // HEXAGRAM FOR THE CREATIVE HEAVEN
        #expect(TextWidth.of("\u{1100}\u{D7B0}") == 2)           // one syllable, two columns
    }

    /// `wcwidth` answers for the UTF-8 locale ncurses runs in (`setlocale(LC_ALL, "")` under a
    /// UTF-8 `LANG`); the tests' own locale is "C", where it knows only ASCII. Nothing else in the
    /// tests depends on the locale.
    private static func useUTF8() {
        setlocale(LC_CTYPE, "C.UTF-8")
    }
}
