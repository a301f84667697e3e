import SegueJSON
import SegueSpec

/// A member renamed (`segue edit`'s rename: one key taken away, a sibling set to the same value)
/// is its key's text changed where it stands: its value, its place and the comments in it stay.
extension YAMLPatch {
    /// The key edits for each pair of `names` that is a rename, and the names they settle.
    func renames(in names: [String], from original: JSONValue?, to merged: JSONValue, root: Place) -> (edits: [TextEdit], settled: Set<String>) {
        guard let original else { return ([], []) }
        var edits: [TextEdit] = []
        var settled: Set<String> = []
        for (name, renamed) in SettingName.renames(in: names, from: original, to: merged) {
            var keys = SettingName.keys(name)
            guard let from = keys.popLast() else { continue }
            var place: Place? = root
            for key in keys { place = place.flatMap { child(of: $0, key) } }
            guard case .mapping(let members, _)? = place?.node, let member = members.last(where: { $0.key == from }),
                  let to = SettingName.keys(renamed).last else { continue }
            edits.append(TextEdit(range: member.keyRange, text: YAMLWriter.string(to)))
            settled.formUnion([name, renamed])
        }
        return (edits, settled)
    }
}
