/// The cell types a screen can use: the built-in styles and the definitions of its spec and
/// the libraries it includes.
package struct CellLibrary: Equatable, Sendable {
    /// The kinds rows can be, which the built-in styles name.
    package let kinds: RowKindCatalog
    package var definitions: [String: CellDefinition]
    /// Names of cell types drawn by renderers registered from Swift.
    package var customNames: Set<String>

    package init(kinds: RowKindCatalog, _ definitions: [String: CellDefinition] = [:], customNames: Set<String> = []) {
        self.kinds = kinds
        self.definitions = definitions
        self.customNames = customNames
    }

    /// Libraries with the same types (the kinds they are handed are the program's one catalog).
    package static func == (lhs: CellLibrary, rhs: CellLibrary) -> Bool {
        lhs.definitions == rhs.definitions && lhs.customNames == rhs.customNames
    }

    /// A cell type resolved down to its built-in style, with the attributes of every definition on
    /// the way (the more derived one winning).
    package struct Resolved: Equatable, Sendable {
        package var style: CellStyle
        package var attributes: [String: JSONValue]
        /// The custom renderer that draws the type, if it comes down to one.
        package var renderer: String?
    }

    /// Why a cell type cannot be resolved.
    package enum Problem: Error, Equatable {
        case unknown(String)
        case cycle([String])
        /// Based on more types than `depthLimit`, in a chain: the first ones of it.
        case tooDeep([String])
    }

    /// How many types one may be based on, through `base` after `base`: far more than any look
    /// needs, and a generated chain of a hundred thousand types stops at once with an error.
    package static let depthLimit = 64

    /// Every name a row may use in `cell`: built-in styles and definitions.
    package var names: [String] {
        kinds.named.map(\.name) + definitions.keys.sorted() + customNames.sorted()
    }

    /// Resolves `name` (`nil` means `default`).
    package func resolve(_ name: String?) throws(Problem) -> Resolved {
        var attributes: [String: JSONValue] = [:]
        var chain: [String] = []
        var current = name ?? kinds.defaultName
        while true {
            // A definition may reuse a built-in's name to give it defaults; it still draws as that style.
            if let definition = definitions[current], !chain.contains(current) {
                guard chain.count < Self.depthLimit else { throw .tooDeep(chain.prefix(3) + ["…", current]) }
                chain.append(current)
                for (key, value) in definition.attributes where attributes[key] == nil {
                    attributes[key] = value
                }
                if definition.base == current, let style = kinds.style(named: current) {
                    return Resolved(style: style, attributes: attributes, renderer: nil)
                }
                current = definition.base
                continue
            }
            if chain.contains(current) {
                throw .cycle(chain + [current])
            }
            if customNames.contains(current) {
                return Resolved(style: kinds.registered, attributes: attributes, renderer: current)
            }
            guard let style = kinds.style(named: current) else { throw .unknown(current) }
            return Resolved(style: style, attributes: attributes, renderer: nil)
        }
    }

    /// The style `name` draws as; names that do not resolve draw as `default`.
    package func style(of name: String?) -> CellStyle {
        (try? resolve(name))?.style ?? .default
    }

    /// Whether the cursor stops on rows of the type `name` (as `style(of:)` resolves it).
    package func isSelectable(_ name: String?) -> Bool {
        kinds[style(of: name)].isSelectable
    }
}

extension Result {
    /// The error, if this is a failure.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
