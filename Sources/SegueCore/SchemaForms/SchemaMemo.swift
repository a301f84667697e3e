/// What one question about a schema (its types, its properties) has found of each schema it is
/// made of, so that each is worked out once: a `$ref` bomb (40 levels, each naming the next twice)
/// is 80 schemas to read, not 2⁴⁰; a schema that holds itself (`"allOf": [{"$ref": "#"}]`) adds
/// nothing more the second time round, where it would have gone round for ever.
///
/// A schema is known by its value and, when known, where it is written (what a property's
/// pointer is made from): the same `{"$ref": "#/$defs/a"}` in two places is one schema to a
/// question that says no pointer, two to one that does, whose own schemas are then one again.
struct SchemaMemo<Answer> {
    private struct Key: Hashable {
        let schema: JSONValue
        let pointer: String?
    }

    private var answers: [Key: Answer] = [:]
    /// Schemas being worked out: met again inside themselves, they add `none`.
    private var open: Set<Key> = []

    /// `work`'s answer for `schema` at `pointer`, worked out the first time it is asked.
    mutating func answer(_ schema: JSONValue, at pointer: String? = nil, none: Answer, _ work: (inout SchemaMemo) -> Answer) -> Answer {
        let key = Key(schema: schema, pointer: pointer)
        if let known = answers[key] { return known }
        guard open.insert(key).inserted else { return none }
        let found = work(&self)
        open.remove(key)
        answers[key] = found
        return found
    }
}
