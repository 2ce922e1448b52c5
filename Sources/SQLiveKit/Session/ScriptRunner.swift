/// Runs lines of input through a session: splits them into units and runs each, stopping at
/// the first error when `.bail` is on, or when `.quit` runs.
public struct ScriptRunner {
    public let session: Session

    public init(session: Session) {
        self.session = session
    }

    /// Runs every line of the source. Returns false when it stopped early (bail or quit).
    @discardableResult
    public func run<Source: LineSource>(_ lines: inout Source, source: String) -> Bool {
        var splitter = InputSplitter(source: source)
        while let line = lines.nextLine() {
            for unit in splitter.feed(line) {
                if !runUnit(unit) { return false }
            }
        }
        if let unit = splitter.finish() {
            return runUnit(unit)
        }
        return true
    }

    /// Runs one unit; false means stop reading.
    private func runUnit(_ unit: InputUnit) -> Bool {
        let succeeded = session.run(unit)
        if session.quitRequested != nil { return false }
        return succeeded || !session.settings.bail
    }
}
