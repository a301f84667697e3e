/// The spec language as the core uses it: handed every built-in kind (`RowKinds.catalog`), so
/// a loader or a cell library made without naming one knows them all.
extension SpecLoader {
    package init(files: any SpecFileReader = NoFiles(), actionNames: Set<String> = [], cellRendererNames: Set<String> = [],
                 sourceNames: Set<String> = [], keymap: Keymap = .standard) {
        self.init(kinds: RowKinds.catalog, files: files, actionNames: actionNames, cellRendererNames: cellRendererNames,
                  sourceNames: sourceNames, keymap: keymap)
    }
}

extension Spec {
    package init(title: String? = nil, sections: [Section], path: String? = nil, data: JSONValue? = nil,
                 fileData: JSONValue? = nil, settingsFile: String? = nil) {
        self.init(title: title, sections: sections, path: path, data: data, fileData: fileData, settingsFile: settingsFile,
                  cells: CellLibrary())
    }
}

extension CellLibrary {
    package init(_ definitions: [String: CellDefinition] = [:], customNames: Set<String> = []) {
        self.init(kinds: RowKinds.catalog, definitions, customNames: customNames)
    }
}

extension SpecSchema {
    /// The JSON Schema of specs with the built-in kinds' keys (`segue schema`).
    package static var document: String { document(rowKinds: RowKinds.builtIn.map { kind -> any RowKindSpec in kind }) }

    /// The keys of `place`; for rows, with the keys the built-in kinds read.
    static func names(_ place: Place) -> [String] {
        let declared = declaredNames(place)
        guard place == .row else { return declared }
        return declared + RowKinds.builtIn.flatMap(\.keys).map(\.name).filter { !declared.contains($0) }.uniqued()
    }
}
