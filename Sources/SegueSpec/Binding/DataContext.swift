/// Where templates and key paths find their values: layers searched from the innermost out.
///
/// A screen's context is, outermost first: `env` and `settings`, the spec's `dataFile`, its `data`,
/// the data its segue passed in and the row that opened it (`sender`); a row adds itself, and a
/// generated row the item it was made from. The first layer holding a path's first component
/// answers for the whole path, so an inner `user` hides an outer one entirely.
package struct DataContext: Sendable {
    /// Objects from the outermost to the innermost.
    package private(set) var layers: [JSONValue]

    package init(layers: [JSONValue] = []) {
        self.layers = layers
    }

    /// This context with `layer` (an object) innermost.
    package func adding(_ layer: JSONValue) -> DataContext {
        var copy = self
        copy.layers.append(layer)
        return copy
    }

    /// This context with one innermost name bound to `value`.
    package func adding(_ name: String, _ value: JSONValue) -> DataContext {
        adding(.object([name: value]))
    }

    /// The value at `path`, or `nil` when no layer has it.
    package func value(at path: DataPath) -> JSONValue? {
        guard let first = path.components.first else { return nil }
        for layer in layers.reversed() {
            guard case .object(let members) = layer, members[first] != nil else { continue }
            return path.resolve(in: layer)
        }
        return nil
    }

    package func value(at path: String) -> JSONValue? { value(at: DataPath(path)) }
}
