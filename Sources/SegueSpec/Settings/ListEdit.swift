/// How a list set whole differs from the list a settings file holds, in the ways a settings
/// screen changes one (`append`, `remove`, `move`, an item's member edited), so that a save
/// edits the file there alone and the other items stay as written, comments inside them too.
package enum ListEdit: Equatable {
    /// An item added at the end.
    case appended(JSONValue)
    /// The item at this index taken out.
    case removed(Int)
    /// The item at this index and the next one swapped (an item moved up or down).
    case swapped(Int)
    /// The items at these indexes changed in place.
    case changed([Int])

    /// The edit that makes `new` of `old`; `nil` for any other change (the list written anew)
    /// or none. Cost: a comparison of the lists, and for a removal one per place it may be at.
    package static func between(_ old: [JSONValue], _ new: [JSONValue]) -> ListEdit? {
        if new.count == old.count + 1, let last = new.last, new.dropLast().elementsEqual(old) { return .appended(last) }
        if new.count + 1 == old.count {
            // The first place the lists differ is where the item was, if one item went.
            let gone = new.indices.first { old[$0] != new[$0] } ?? new.count
            return old[..<gone].elementsEqual(new[..<gone]) && old[(gone + 1)...].elementsEqual(new[gone...]) ? .removed(gone) : nil
        }
        guard new.count == old.count else { return nil }
        let differing = old.indices.filter { old[$0] != new[$0] }
        guard !differing.isEmpty else { return nil }
        if differing.count == 2, differing[1] == differing[0] + 1,
           old[differing[0]] == new[differing[1]], old[differing[1]] == new[differing[0]] {
            return .swapped(differing[0])
        }
        return .changed(differing)
    }
}

extension SettingName {
    /// `names` without those inside another of them (`/a/b` when `/a` is there): what a save
    /// writes, each once.
    package static func outermost(_ names: some Collection<String>) -> [String] {
        let sorted = Set(names).sorted()
        return sorted.filter { name in !sorted.contains { $0 != name && $0.hasPrefix("/") && name.hasPrefix($0 + "/") } }
    }
}
