/// A built-in SQL function a connection replaces by one that fails with `reason`.
struct RefusedFunction: Sendable {
    var name: String
    /// Each count is replaced; -1 stands for any count, but SQLite prefers a function
    /// registered with the exact count, so the known counts are listed too.
    var argumentCounts: [Int32]
    var reason: String
}
