import SegueJSON
import SegueSpec

/// A member renamed (`segue edit`'s rename: one key taken away, a sibling set to the same value)
/// is its key's text changed where it stands: its value, its place and the comments in it stay.
extension YAMLPatch {
    /// The key edits for each pair of `names` that is a rename, and the names they settle.
    func renames(in names: [String], from original: JSONValue?, to merged: JSONValue, root: Place) -> (edits: [TextEdit], settled: Set<String>) {
        guard let original else { return ([], []) }
        let gone = names.filter { merged.setting($0) == nil && original.setting($0) != nil }
        var new = names.filter { original.setting($0) == nil && merged.setting($0) != nil }
        var edits: [TextEdit] = []
        var settled: Set<String> = []
        for name in gone {
            var keys = SettingName.keys(name)
            guard let from = keys.popLast(), let value = original.setting(name),
                  let index = new.firstIndex(where: { candidate in
                      var others = SettingName.keys(candidate)
                      return others.popLast() != nil && others == keys && merged.setting(candidate) == value
                  }) else { continue }
            var place: Place? = root
            for key in keys { place = place.flatMap { child(of: $0, key) } }
            guard case .mapping(let members, _)? = place?.node, let member = members.last(where: { $0.key == from }),
                  let to = SettingName.keys(new[index]).last else { continue }
            edits.append(TextEdit(range: member.keyRange, text: YAMLWriter.string(to)))
            settled.insert(name)
            settled.insert(new.remove(at: index))
        }
        return (edits, settled)
    }
}
