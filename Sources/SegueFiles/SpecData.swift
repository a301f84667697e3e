import SegueCore

/// Sample data for `segue check --data FILE`: a JSON (or YAML) object whose members join the
/// first spec's data, as a segue's `data` would.
package enum SpecData {
    /// The object in the file at `path`, or why it is not one.
    package static func load(path: String) -> Result<JSONValue, SpecError> {
        do throws(SpecError) {
            let value = try SpecError.parsing(SpecFormat.text(SpecFile.contents(of: path), path: path).bytes, file: path)
            guard value.isObject else {
                return .failure(SpecError(file: path, kind: .shape(path: "$", line: 1, column: 1, message: "expected an object, found \(value.summary)")))
            }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// `data` with the members of `sample` over it.
    package static func merge(_ data: JSONValue?, _ sample: JSONValue) -> JSONValue {
        guard case .object(var members)? = data, case .object(let extra) = sample else { return sample }
        for (key, value) in extra { members[key] = value }
        return .object(members)
    }
}
