/// Sample data for `segue check --data FILE`: a JSON object whose members join the first
import SegueCore
/// spec's data, as a segue's `data` would.
package enum SpecData {
    /// The object in the file at `path`, or why it is not one.
    package static func load(path: String) -> Result<JSONValue, SpecError> {
        do {
            let value = try JSONParser.parse(SpecFile.contents(of: path))
            guard value.isObject else {
                return .failure(SpecError(file: path, kind: .shape(path: "$", line: 1, column: 1, message: "expected an object, found \(value.summary)")))
            }
            return .success(value)
        } catch let error as SpecError {
            return .failure(error)
        } catch {
            return .failure(SpecError(file: path, kind: .unreadable("not valid JSON: \(error)")))
        }
    }

    /// `data` with the members of `sample` over it.
    package static func merge(_ data: JSONValue?, _ sample: JSONValue) -> JSONValue {
        guard case .object(var members)? = data, case .object(let extra) = sample else { return sample }
        for (key, value) in extra { members[key] = value }
        return .object(members)
    }
}
