extension Session {
    /// Runs `body` with results in line mode, one block per row, then puts the settings
    /// back as they were: a statement ended with `\G` at the prompt.
    ///
    ///     sqlive> SELECT * FROM product WHERE id = 1\G
    ///        id = 1
    ///      name = pen
    public func showingExpanded<T>(_ body: () -> T) -> T {
        let saved = settings
        settings.setMode(.line)
        defer {
            // A statement cannot change the settings: only the mode and the separators
            // line mode set are put back.
            settings.mode = saved.mode
            settings.rowSeparator = saved.rowSeparator
        }
        return body()
    }
}
