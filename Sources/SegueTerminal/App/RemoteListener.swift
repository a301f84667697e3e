import Glibc
import SegueCore

/// `--listen`: a small HTTP server on a local port or a Unix socket through which a program asks
/// what the session shows (`GET /`) or sends it fzf's actions (`POST /`), as `fzf --listen`
/// does. It is read by the session's loop between keys (its socket wakes the loop), one request
/// per connection, each request an `Event.remote` and its answer an `Effect.replyRemote`.
///
/// Only this machine can reach it unless an API key is set (`SEGUE_API_KEY`, or fzf's
/// `FZF_API_KEY`): then every request must carry it in an `X-Api-Key` header.
///
/// Used only by the thread that runs the session's loop (hence `@unchecked Sendable`: a session's
/// configuration, which holds it, is `Sendable`).
package final class RemoteListener: @unchecked Sendable {
    /// Where it listens, as `--listen` was given.
    package enum Address: Equatable {
        case tcp(host: String, port: Int)
        case unix(path: String)

        /// `--listen`'s value: nothing or `0` a free port, `PORT`, `HOST:PORT`, or a socket's
        /// path (holding a `/` or ending in `.sock`).
        package init(_ text: String) throws(RemoteListenerError) {
            if text.contains("/") || text.hasSuffix(".sock") {
                self = .unix(path: text)
                return
            }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let host = parts.count == 2 ? parts[0] : "localhost"
            let port = parts.last.map { $0.isEmpty ? "0" : $0 } ?? "0"
            guard parts.count <= 2, let number = Int(port), (0...65535).contains(number) else {
                throw RemoteListenerError("--listen \"\(text)\": expected PORT, HOST:PORT or a socket's path (PATH.sock)")
            }
            self = .tcp(host: host.isEmpty ? "localhost" : host, port: number)
        }
    }

    private let socket: Int32
    private let apiKey: String?
    private var unixPath: String?
    /// Connections waiting for their answer, by request number.
    private var waiting: [Int: Int32] = [:]
    private var nextID = 1
    /// The TCP port it listens on (the one given, or the free one found for 0).
    package private(set) var port: Int?

    /// Starts listening; a non-local address without an API key is refused.
    package init(_ address: Address, environment: [String: String]) throws(RemoteListenerError) {
        apiKey = (environment["SEGUE_API_KEY"] ?? environment["FZF_API_KEY"]).flatMap { $0.isEmpty ? nil : $0 }
        switch address {
        case .unix(let path):
            socket = try Self.unixSocket(path)
            unixPath = path
        case .tcp(let host, let port):
            let (descriptor, bound) = try Self.tcpSocket(host: host, port: port, hasKey: apiKey != nil)
            socket = descriptor
            self.port = bound
        }
    }

    deinit { close() }

    /// Stops listening: waiting connections are closed and a socket file removed.
    package func close() {
        for connection in waiting.values { Glibc.close(connection) }
        waiting.removeAll()
        if socket >= 0 { Glibc.close(socket) }
        if let unixPath { unlink(unixPath) }
        unixPath = nil
    }

    /// The descriptor whose readiness means a program is connecting.
    package var descriptor: Int32 { socket }

    /// The variables children see, under Segue's and fzf's names.
    package var exported: [String: String] {
        if let path = unixPath { return ["SEGUE_SOCK": path, "FZF_SOCK": path] }
        guard let port else { return [:] }
        return ["SEGUE_PORT": String(port), "FZF_PORT": String(port)]
    }

    /// The requests of the programs connecting now (never blocks when none is): each read
    /// whole, a bad one answered at once (400, 401, 404, 405, 413) and not passed on.
    package func requests() -> [Event] {
        var events: [Event] = []
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { break }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)  // no command run meanwhile holds it open
            switch RemoteHTTP.read(connection, apiKey: apiKey) {
            case .refused(let reply):
                RemoteHTTP.write(reply, to: connection)
                Glibc.close(connection)
            case .request(let kind):
                let id = nextID
                nextID += 1
                waiting[id] = connection
                events.append(.remote(RemoteRequest(id: id, kind: kind)))
            }
        }
        return events
    }

    /// Answers request `id` and closes its connection.
    package func reply(_ id: Int, _ reply: RemoteReply) {
        guard let connection = waiting.removeValue(forKey: id) else { return }
        RemoteHTTP.write(reply, to: connection)
        Glibc.close(connection)
    }

    private static func unixSocket(_ path: String) throws(RemoteListenerError) -> Int32 {
        var status = stat()
        if lstat(path, &status) == 0 {
            // A socket left by a session that ended is taken over; any other file is not ours.
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw RemoteListenerError("--listen \(path): a file that is not a socket is there already")
            }
            unlink(path)
        }
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RemoteListenerError("--listen \(path): \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(descriptor)
            throw RemoteListenerError("--listen \(path): the path is too long for a socket (at most 107 bytes)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        try bindAndListen(descriptor, to: &address, naming: path)
        chmod(path, 0o600)
        return descriptor
    }

    /// Binds `descriptor` to `address` (a `sockaddr_un` or `sockaddr_in`) and listens; closed
    /// when either fails.
    private static func bindAndListen<Address>(_ descriptor: Int32, to address: inout Address, naming name: String) throws(RemoteListenerError) {
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw RemoteListenerError("--listen \(name): \(reason)")
        }
    }

    private static func tcpSocket(host: String, port: Int, hasKey: Bool) throws(RemoteListenerError) -> (Int32, Int) {
        let local = ["localhost", "127.0.0.1"].contains(host)
        let ip = host == "localhost" ? "127.0.0.1" : host == "*" ? "0.0.0.0" : host
        guard local || hasKey else {
            throw RemoteListenerError("--listen \(host):\(port): only this machine may listen without an API key (set SEGUE_API_KEY)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, ip, &address.sin_addr) == 1 else {
            throw RemoteListenerError("--listen \(host):\(port): expected localhost or an IPv4 address")
        }
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RemoteListenerError("--listen: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        try bindAndListen(descriptor, to: &address, naming: "\(host):\(port)")
        var found = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &found) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: found.sin_port)))
    }
}

/// Why `--listen` could not listen.
package struct RemoteListenerError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
