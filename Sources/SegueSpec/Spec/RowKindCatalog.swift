/// What the spec language knows of a kind of row: its name, whether the cursor stops on its rows,
/// the keys only its rows read and their checks. The core's `RowKind` is the rest of the same
/// kind (its lines, its drawing, what its keys do), in the kind's one file; the language never
/// names a kind, it is handed them (`RowKindCatalog`).
package protocol RowKindSpec: Sendable {
    /// The name rows give it in `cell`, and cell types in `base`.
    var name: String { get }
    /// Whether specs may name it (a kind reached another way, as a Swift renderer's, may not).
    var namedBySpecs: Bool { get }
    /// Whether it draws the cell types a Swift program registered a renderer for.
    var drawsRegisteredCells: Bool { get }
    /// Whether the cursor stops on its rows.
    var isSelectable: Bool { get }
    /// Keys only rows of this kind read, beside every row's (`title`, `setting`…): the types they
    /// take and what they are for, which `segue schema` and the loader's known keys are made from.
    var keys: [SpecSchema.Declaration] { get }
    /// Checks those keys: on a row (with its cell type's), `complete`; on a cell type based on
    /// this kind, not (a row using it may set the rest).
    func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem?
    /// Whether a row of this kind with these keys runs a command as soon as its screen opens
    /// (the screen then shows nothing before that command's state is known).
    func startsOnOpen(_ attributes: [String: JSONValue]) -> Bool
    /// A problem with the value its setting holds, for `segue check` (a number setting holding
    /// text); `nil` when there is none.
    func settingProblem(_ value: JSONValue, row: Row) -> String?
}

extension RowKindSpec {
    package var namedBySpecs: Bool { true }
    package var drawsRegisteredCells: Bool { false }
    package var isSelectable: Bool { true }
    package var keys: [SpecSchema.Declaration] { [] }
    package func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem? { nil }
    package func startsOnOpen(_ attributes: [String: JSONValue]) -> Bool { false }
    package func settingProblem(_ value: JSONValue, row: Row) -> String? { nil }
}

/// The kinds of row there are, in the order `CellStyle` numbers them: handed to the loader
/// (`SpecLoader.kinds`) and kept with the cell types (`CellLibrary.kinds`). The first is the kind
/// of a row that names none (`CellStyle.default`).
package struct RowKindCatalog: Sendable {
    /// Every kind, the ones specs name first.
    package let all: [any RowKindSpec]
    /// The kinds specs may name, in the order the docs list them.
    package let named: [any RowKindSpec]
    /// The kinds specs may name, by name.
    private let indexByName: [String: Int]
    /// The style of cells a Swift program draws.
    package let registered: CellStyle
    /// The keys the kinds read, worked out when first asked for: only loading a spec and its
    /// checks ask, so a spec made in code (a one-shot question's) never builds them, nor the
    /// schema's declarations they are read from.
    private let keyTables: LazyKeyTables

    /// Keys that some kind reads: on a row of another kind they are attributes like any.
    package var kindKeys: Set<String> { keyTables.tables.kindKeys }
    /// Those of them `SpecKey` reads as any other key: the indexer compares a row's other keys
    /// with these bytes to hand them to the kind's check.
    package var otherKindKeys: [[UInt8]] { keyTables.tables.otherKindKeys }
    /// Every key a row may have: the ones `SpecSchema` declares and those the kinds read.
    package var rowKeys: [String] { keyTables.tables.rowKeys }
    /// Whether the key tables have been worked out (tests: a question's start never needs them).
    package var hasBuiltKeyTables: Bool { keyTables.isBuilt }

    package init(_ all: [any RowKindSpec]) {
        precondition(all.first?.name == CellStyle.defaultName, "the first kind is the one a row that names none has")
        self.all = all
        named = all.filter(\.namedBySpecs)
        indexByName = Dictionary(uniqueKeysWithValues: all.enumerated().filter { $1.namedBySpecs }.map { ($1.name, $0) })
        registered = CellStyle(index: all.firstIndex(where: \.drawsRegisteredCells) ?? 0)
        keyTables = LazyKeyTables(named: named)
    }

    /// The kind a style draws as.
    package subscript(style: CellStyle) -> any RowKindSpec { all[Int(style.index)] }

    /// The style of the kind specs name `name`; `nil` when there is none.
    package func style(named name: String) -> CellStyle? {
        indexByName[name].map(CellStyle.init(index:))
    }

    /// The name of the kind of a row that names none.
    package var defaultName: String { CellStyle.defaultName }
}

/// A catalog's key tables, built once, on first use, by whichever thread asks first.
private final class LazyKeyTables: Sendable {
    struct Tables {
        var kindKeys: Set<String>
        var otherKindKeys: [[UInt8]]
        var rowKeys: [String]
    }

    private let named: [any RowKindSpec]
    private let built = Locked<Tables?>(nil)

    init(named: [any RowKindSpec]) { self.named = named }

    var isBuilt: Bool { built.withLock { $0 != nil } }

    var tables: Tables {
        built.withLock { tables in
            if let tables { return tables }
            let made = Self.make(named)
            tables = made
            return made
        }
    }

    private static func make(_ named: [any RowKindSpec]) -> Tables {
        let kindKeys = Set(named.flatMap(\.keys).map(\.name))
        let otherKindKeys = kindKeys.filter { SpecKey(name: $0) == .other }.sorted().map { Array($0.utf8) }
        let declared = (SpecSchema.declaredNames(.row) + SpecSchema.declaredNames(.generator)).uniqued()
        let rowKeys = declared + named.flatMap(\.keys).map(\.name).filter { !declared.contains($0) }.uniqued()
        return Tables(kindKeys: kindKeys, otherKindKeys: otherKindKeys, rowKeys: rowKeys)
    }
}
