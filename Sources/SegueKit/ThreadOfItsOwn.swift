import Dispatch

extension Segue {
    /// Runs `body` — a session, which holds its thread until the user is done — on a thread of
    /// its own, and waits for it without holding one of Swift's cooperative threads (the
    /// program's handlers and sources need them meanwhile).
    static func onThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
