/// Reading cell libraries: `{"cells": {…}, "include": [more libraries]}` files that specs pull in
/// with `"include"`, so several specs share their cell types.
package enum CellLibraryFile {
    /// The definitions of `paths` (relative to `origin`) and everything they include, later files
    /// winning over earlier ones. `chain` is the files being read, outermost first, to catch cycles.
    package static func load(_ includes: [SpecIndex.Use], from origin: String, chain: [String], files: any SpecFileReader,
                     kinds: RowKindCatalog,
                     locate: (SpecIndex.Use) -> (line: Int, column: Int)?) throws(SpecError) -> [String: CellDefinition] {
        var resolved: [String: [String: CellDefinition]] = [:]
        return try load(includes, from: origin, chain: chain, files: files, kinds: kinds, resolved: &resolved, locate: locate)
    }

    /// How deep includes may nest: far more than sharing cell types needs, and a generated chain
    /// of libraries stops with an error that says so.
    package static let depthLimit = 64

    /// `resolved` holds each library already read, with everything it includes: a library included
    /// many times (a diamond of libraries including the same ones) is read and merged once.
    private static func load(_ includes: [SpecIndex.Use], from origin: String, chain: [String], files: any SpecFileReader,
                             kinds: RowKindCatalog, resolved: inout [String: [String: CellDefinition]],
                             locate: (SpecIndex.Use) -> (line: Int, column: Int)?) throws(SpecError) -> [String: CellDefinition] {
        var definitions: [String: CellDefinition] = [:]
        for include in includes {
            let path = files.specFile(SpecPath.resolve(include.name, relativeTo: origin))
            if chain.contains(path) {
                let cycle = (chain + [path]).joined(separator: " → ")
                throw error(in: origin, at: include, "include cycle: \(cycle)", locate: locate)
            }
            if let known = resolved[path] {
                definitions.merge(known) { _, later in later }
                continue
            }
            guard chain.count < depthLimit else {
                throw error(in: origin, at: include, "include depth \(chain.count + 1) exceeds the limit of \(depthLimit)", locate: locate)
            }
            let bytes: [UInt8]
            do {
                bytes = try files.contents(of: path).bytes
            } catch where error.kind == .notFound {
                throw Self.error(in: origin, at: include, "no cell library at \(path)", locate: locate)
            } catch {
                throw Self.error(in: origin, at: include, error.description, locate: locate)
            }
            let value = try SpecError.parsing(bytes, file: path)
            guard case .object(let members) = value else {
                throw SpecError(file: path, kind: .invalid(path: "$", message: "expected an object with \"cells\", found \(value.summary)"))
            }
            var nested: [SpecIndex.Use] = []
            switch members["include"] {
            case nil, .null?:
                break
            case .array(let paths)?:
                for (index, item) in paths.enumerated() {
                    guard let name = item.stringValue, !name.isEmpty else {
                        throw SpecError(file: path, kind: .invalid(
                            path: "include[\(index)]", message: "expected a path to a cell library, found \(item.summary)"))
                    }
                    nested.append(SpecIndex.Use(name: name, path: "include[\(index)]", offset: 0))
                }
            case let other?:
                throw SpecError(file: path, kind: .invalid(path: "include", message: "expected an array of paths, found \(other.summary)"))
            }
            var library = try load(nested, from: path, chain: chain + [path], files: files, kinds: kinds, resolved: &resolved,
                                   locate: { _ in nil })
            switch CellDefinitions.decode(members["cells"] ?? .null, path: "cells", kinds: kinds) {
            case .success(let own):
                for (name, definition) in own { library[name] = definition }
            case .failure(let problem):
                throw SpecError(file: path, kind: .invalid(path: problem.path, message: problem.message))
            }
            resolved[path] = library
            definitions.merge(library) { _, later in later }
        }
        return definitions
    }

    private static func error(in file: String, at use: SpecIndex.Use, _ message: String,
                              locate: (SpecIndex.Use) -> (line: Int, column: Int)?) -> SpecError {
        if let location = locate(use) {
            return SpecError(file: file, kind: .shape(path: use.path, line: location.line, column: location.column, message: message))
        }
        return SpecError(file: file, kind: .invalid(path: use.path, message: message))
    }
}
