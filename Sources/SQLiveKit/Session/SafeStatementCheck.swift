/// Under `--safe`, refuses statements whose harm is done while SQLite compiles them, before
/// any authorizer could see them: `PRAGMA temp_store_directory = '…'` sets where *every*
/// connection of the process writes its temporary files.
///
/// A pragma is a statement of its own (never inside a trigger or a view), so reading the
/// words of the text finds every one. The scan knows SQL's quoting, so a pragma name inside
/// a string or a comment is not one.
///
///     try SafeStatementCheck.check("pragma temp_store_directory = '/tmp'")   // throws
enum SafeStatementCheck {
    /// Pragmas that change the process, not the connection.
    static let refusedPragmas: Set<String> = ["temp_store_directory", "data_store_directory"]

    static func check(_ sql: String) throws(Diagnostic) {
        var words = SQLWordScanner(sql)
        while let word = words.next() {
            guard word.lowercased() == "pragma" else { continue }
            guard var name = words.next() else { return }
            if words.peekIsDot() {
                _ = words.next()
                name = words.next() ?? name
            }
            if refusedPragmas.contains(name.lowercased()) {
                throw Diagnostic("PRAGMA \(name) is disabled in safe mode (--safe): it changes where files are written")
            }
        }
    }
}
