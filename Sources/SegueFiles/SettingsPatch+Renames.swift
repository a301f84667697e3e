import SegueCore
import SegueJSON

/// A member renamed (`segue edit`'s rename: one key taken away, a sibling set to the same value)
/// is its key's text changed where it stands: its value, its place and the comments in it stay.
extension SettingsPatch {
    /// The key edits for each pair of `names` that is a rename, and the names they settle.
    func renames(in names: [String], from original: JSONValue?, to merged: JSONValue) -> (edits: [TextEdit], settled: Set<String>) {
        guard let original else { return ([], []) }
        var edits: [TextEdit] = []
        var settled: Set<String> = []
        for (name, renamed) in SettingName.renames(in: names, from: original, to: merged) {
            var keys = SettingName.keys(name)
            guard let from = keys.popLast() else { continue }
            var place: Place? = root
            for key in keys { place = place.flatMap { child(of: $0, key) } }
            guard case .object(let members, _, _)? = place?.node, let member = members.last(where: { $0.key == from }),
                  let to = SettingName.keys(renamed).last, let end = stringEnd(from: member.keyStart) else { continue }
            edits.append(TextEdit(range: member.keyStart..<end, text: JSONValue.string(to).compactJSON))
            settled.formUnion([name, renamed])
        }
        return (edits, settled)
    }

    /// Where the JSON string starting at `start` (its opening quote) ends, after its closing quote.
    private func stringEnd(from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }
}
