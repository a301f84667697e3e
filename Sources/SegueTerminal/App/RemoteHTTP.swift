import Glibc
import SegueCore

/// The little of HTTP/1.1 `--listen` speaks: one request per connection (`GET /` with `limit`
/// and `offset`, `POST /` with an action list as its body), read within a second and at most
/// 64 KB, and one answer, after which the connection closes.
enum RemoteHTTP {
    static let limit = 64 * 1024
    static let deadline = 1.0

    /// What a connection sent: a request, or something answered at once and not passed on.
    enum Reading {
        case request(RemoteRequest.Kind)
        case refused(RemoteReply)
    }

    /// The request on `connection`, or the answer that refuses it.
    static func read(_ connection: Int32, apiKey: String?) -> Reading {
        var bytes: [UInt8] = []
        let started = Monotonic.now()
        var headerEnd: Int?
        var expected = 0
        while headerEnd.map({ bytes.count < $0 + expected }) ?? true {
            guard bytes.count <= limit else { return .refused(refusal(413, "a request of at most 64 KB is read")) }
            let left = deadline - (Monotonic.now() - started)
            guard left > 0 else { return .refused(refusal(408, "the request did not come whole within a second")) }
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else {
                if count < 0, errno == EAGAIN || errno == EINTR { continue }
                break
            }
            bytes += chunk[0..<count]
            if headerEnd == nil, let end = find([13, 10, 13, 10], in: bytes) {
                headerEnd = end + 4
                expected = contentLength(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0
            }
        }
        guard let headerEnd else { return .refused(refusal(400, "expected an HTTP request")) }
        let head = String(decoding: bytes[..<headerEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: true)
        let requestLine = lines.first.map { $0.split(separator: " ").map(String.init) } ?? []
        guard requestLine.count >= 2 else { return .refused(refusal(400, "expected METHOD PATH HTTP/1.1")) }
        if let apiKey, header("x-api-key", in: lines) != apiKey {
            return .refused(refusal(401, "this session asks for its API key in an X-Api-Key header"))
        }
        let (path, query) = split(requestLine[1])
        guard path == "/" else { return .refused(refusal(404, "only / is served")) }
        let body = String(decoding: bytes[headerEnd..<min(bytes.count, headerEnd + expected)], as: UTF8.self)
        switch requestLine[0] {
        case "GET":
            return .request(.state(limit: query["limit"].flatMap(Int.init) ?? 100, offset: query["offset"].flatMap(Int.init) ?? 0))
        case "POST":
            let text = trimmed(body)
            guard !text.isEmpty else { return .refused(refusal(400, "expected actions as the body (change-query(x)+first)")) }
            do throws(BindParser.Problem) {
                return .request(.actions(try BindParser.actions(text)))
            } catch {
                return .refused(refusal(400, "\(error.message) at column \(error.column) of \"\(error.text)\""))
            }
        default:
            return .refused(refusal(405, "GET / for the state, POST / with actions"))
        }
    }

    /// Writes `reply` as an HTTP response, within the deadline.
    static func write(_ reply: RemoteReply, to connection: Int32) {
        let body = Array(reply.body.utf8)
        let type = reply.body.hasPrefix("{") ? "application/json" : "text/plain; charset=utf-8"
        let head = "HTTP/1.1 \(reply.status) \(reason(reply.status))\r\nContent-Type: \(type)\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8) + body
        let started = Monotonic.now()
        while !bytes.isEmpty, Monotonic.now() - started < deadline {
            let written = send(bytes, bytes.count, Int32(MSG_NOSIGNAL))
            if written > 0 {
                bytes.removeFirst(written)
            } else if errno == EAGAIN || errno == EINTR {
                var ready = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 100)
            } else {
                return
            }
        }

        func send(_ bytes: [UInt8], _ count: Int, _ flags: Int32) -> Int { Glibc.send(connection, bytes, count, flags) }
    }

    private static func refusal(_ status: Int, _ message: String) -> RemoteReply {
        RemoteReply(status: status, body: "segue --listen: \(message)\n")
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        default: "Error"
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func contentLength(_ head: String) -> Int? {
        header("content-length", in: head.split(separator: "\r\n")).flatMap(Int.init)
    }

    private static func header(_ name: String, in lines: [Substring]) -> String? {
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { continue }
            return trimmed(line[line.index(after: colon)...])
        }
        return nil
    }

    private static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// `/path?a=1&b=2` as the path and its query's values.
    private static func split(_ target: String) -> (String, [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        var values: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1).map(String.init)
            values[halves[0]] = halves.count > 1 ? halves[1] : ""
        }
        return (parts.first ?? "/", values)
    }
}
