import SegueJSON

extension SettingName {
    /// The settings among `names` that a change from `original` to `merged` renamed: each one
    /// gone paired with a new sibling (same parent) holding the same value. A file's patch
    /// changes only such a member's key text, so its value, place and comments stay.
    package static func renames(in names: [String], from original: JSONValue, to merged: JSONValue) -> [(from: String, to: String)] {
        let gone = names.filter { merged.setting($0) == nil && original.setting($0) != nil }
        var new = names.filter { original.setting($0) == nil && merged.setting($0) != nil }
        var pairs: [(from: String, to: String)] = []
        for name in gone {
            var keys = keys(name)
            guard keys.popLast() != nil, let value = original.setting(name),
                  let index = new.firstIndex(where: { candidate in
                      var others = Self.keys(candidate)
                      return others.popLast() != nil && others == keys && merged.setting(candidate) == value
                  }) else { continue }
            pairs.append((name, new.remove(at: index)))
        }
        return pairs
    }
}
