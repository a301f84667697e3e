/// What a generated or live row binds besides its own attributes: its element, under the name
/// its section gives it (`as`, default `item`), and for a generated row where the element stands
/// in its array, as `loop` (`{{loop.index}}` from 0, `{{loop.number}}` from 1, `{{loop.count}}`):
/// what a row needs to name its own element (`"setting": "/servers/{{loop.index}}/host"`).
package struct RowItem: Equatable, Sendable {
    package var name: String
    package var value: JSONValue
    /// The element's position in its array and the array's length; `nil` for a live row.
    package var position: (index: Int, count: Int)?

    package init(name: String, value: JSONValue, position: (index: Int, count: Int)? = nil) {
        self.name = name
        self.value = value
        self.position = position
    }

    package static func == (lhs: RowItem, rhs: RowItem) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value && lhs.position?.index == rhs.position?.index
            && lhs.position?.count == rhs.position?.count
    }

    /// The layer a row bound with it sees innermost but for its own attributes.
    package var layer: JSONValue {
        guard let position, name != "loop" else { return .object([name: value]) }
        let loop: JSONValue = .object(["index": .number(String(position.index)), "number": .number(String(position.index + 1)),
                                       "count": .number(String(position.count))])
        return .object([name: value, "loop": loop])
    }
}

extension DataContext {
    /// This context with a row's element (and `loop`) innermost.
    package func adding(_ item: RowItem) -> DataContext {
        adding(item.layer)
    }
}
