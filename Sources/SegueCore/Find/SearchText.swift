/// Text prepared for matching: its scalars as written (for word boundaries and camelCase) and
/// folded (lowercase, accents removed) for comparing.
///
/// Accents are folded by a table of the Latin letters (as fzf does), and combining marks are
/// skipped, so `e` finds `é` whether it is written as one scalar or as `e` + U+0301.
struct SearchText {
    /// The scalars kept, as written.
    private(set) var original: [Unicode.Scalar] = []
    /// The same scalars folded: lowercase and without accents.
    private(set) var folded: [Unicode.Scalar] = []
    /// For each kept scalar, its index among all the text's scalars (combining marks are not kept).
    private(set) var sourceIndex: [Int32] = []

    init(_ text: String) {
        original.reserveCapacity(text.utf8.count)
        folded.reserveCapacity(text.utf8.count)
        sourceIndex.reserveCapacity(text.utf8.count)
        var index: Int32 = 0
        for scalar in text.unicodeScalars {
            defer { index += 1 }
            if Self.isCombiningMark(scalar) { continue }
            original.append(scalar)
            folded.append(Self.fold(scalar))
            sourceIndex.append(index)
        }
    }

    var count: Int { folded.count }

    /// `scalar` in lowercase without its accent.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 {
            return value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 32)) : scalar
        }
        if value >= 0xC0, value <= 0x17F, let base = latinBase[Int(value - 0xC0)].unicodeScalars.first, base != "·" {
            return base
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? scalar : scalar
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }

    /// The base letter of U+00C0…U+017F, lowercase; `·` where there is none (×, ÷, ß kept as is).
    private static let latinBase: [Character] = Array(
        "aaaaaaaceeeeiiii" + "dnooooo·ouuuuyþ·" + "aaaaaaaceeeeiiii" + "dnooooo·ouuuuyþy"  // C0…FF
        + "aaaaaaccccccccdd" + "ddeeeeeeeeeegggg" + "gggghhhhiiiiiiii" + "iiiijjkkklllllll"  // 100…13F
        + "lllnnnnnnnnnoooo" + "oooorrrrrrssssss" + "ssttttttuuuuuuuu" + "uuuuwwyyyzzzzzzs"  // 140…17F
    )
}
