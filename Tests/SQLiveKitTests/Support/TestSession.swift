import Foundation
@testable import SQLiveKit

/// A session on an in-memory (or given) database whose output and errors are captured,
/// for in-process tests that compare whole outputs.
final class TestSession {
    let session: Session
    let output = MemoryTarget()
    let errors = MemoryTarget()

    init(path: String = ":memory:", settings: Settings = Settings(), environment: SessionEnvironment = SessionEnvironment()) throws {
        let connection = try DatabaseConnection(OpenOptions(path: path))
        session = Session(connection: connection, settings: settings, environment: environment,
                          output: output, errorOutput: errors)
    }

    /// Runs a script and returns what it printed on stdout; stderr is in ``errorText``.
    @discardableResult
    func run(_ script: String, source: String = "test.sql") -> String {
        output.reset()
        errors.reset()
        var lines = StringLineSource(script)
        ScriptRunner(session: session).run(&lines, source: source)
        session.output.flush()
        return output.text
    }

    var errorText: String { errors.text }
}
