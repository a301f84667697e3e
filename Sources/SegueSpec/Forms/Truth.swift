/// What counts as true where a spec asks a yes/no question with a template (`"enabled":
/// "{{settings.tls}}"`, `"hidden"`): `false`, `0`, `""`, `"false"`, `"0"`, `null` and a missing
/// value are false; everything else is true.
extension JSONValue {
    public var isTrue: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .number: return doubleValue.map { $0 != 0 } ?? true
        case .string(let text): return !(text.isEmpty || text == "false" || text == "0")
        case .array, .object: return true
        }
    }
}
