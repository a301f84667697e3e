/// Where an exec keeps what its command printed (`"capture": {"setting": "ssh"}` or
/// `{"data": "user"}`): a setting (saved like a toggle's), or data every screen's templates see
/// as `{{user}}` for the rest of the session.
public enum ExecCapture: Equatable, Sendable {
    case setting(String)
    case data(String)

    /// The most output kept, in bytes: a flag, a name or a small JSON document, not a file.
    package static let limit = 1_048_576

    /// What `output` keeps as: JSON when it parses as JSON (`true`, `3`, `{"a": 1}`), else its
    /// text; either way without the spaces and line breaks around it.
    /// The most of a command's output its `then` sees as `{{output}}`.
    package static let shownOutput = 4_096

    /// The line that keeps `output` from being one value, when it is several lines and not JSON
    /// (a warning printed before or after the object a state command prints).
    package static func strayLine(in output: [UInt8]) -> String? {
        guard case .string(let text) = value(of: output) else { return nil }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count > 1 else { return nil }
        let firstIsJSON = (try? JSONParser.parse(Array(lines[0].utf8))) != nil
        return firstIsJSON ? lines[1] : lines[lines.count - 1]
    }

    package static func value(of output: [UInt8]) -> JSONValue {
        let text = String(decoding: output, as: UTF8.self)
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        return (try? JSONParser.parse(Array(trimmed.utf8))) ?? .string(trimmed)
    }

    package static func decode(_ value: JSONValue, path: String) -> Result<ExecCapture, ShapeProblem> {
        guard case .object(let members) = value, members.count == 1, let (key, name) = members.first,
              let text = name.stringValue, !text.isEmpty, key == "setting" || key == "data" else {
            return .failure(.expected("{\"setting\": NAME} or {\"data\": NAME}", found: value, at: path))
        }
        // Data goes over everything a screen is given; these names would hide what templates
        // read for other things.
        if key == "data", reservedDataNames.contains(text) {
            return .failure(ShapeProblem(path: path + ".data", message: "\"\(text)\" is a name templates read for something else; pick another"))
        }
        return .success(key == "setting" ? .setting(text) : .data(text))
    }

    /// Names a capture into data may not take.
    package static let reservedDataNames: Set<String> = ["settings", "env", "query", "sender", "data", "input", "answers", "item", "marked"]

    package var json: JSONValue {
        switch self {
        case .setting(let name): return .object(["setting": .string(name)])
        case .data(let name): return .object(["data": .string(name)])
        }
    }
}
