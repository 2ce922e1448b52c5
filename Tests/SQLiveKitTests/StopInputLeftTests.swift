import Foundation
import GRDB
import Testing
@testable import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Whether a stop cut the input short (``StopRequest/skippedInput``): what `--follow` asks of
/// a SIGINT that came before following began. One that came during the input's last unit,
/// which then ran to its end, cut nothing: it ends following with status 0, as Ctrl-C does
/// once following has begun (under load such a signal made the run exit 130). The signal is
/// asked for from inside a statement (a SQL function), which then ends normally: the moment
/// is exact, with no race against a real signal.
@Suite struct StopInputLeftTests {
    private func stopAsked(running text: String, fromFile: Bool = false) throws -> StopRequest {
        let test = try TestSession()
        let session = test.session
        let stop = session.stopRequest
        try session.connection.queue.inDatabase { db in
            db.add(function: DatabaseFunction("ask_stop", argumentCount: 0, pure: false) { _ in
                stop.request(.terminate(signal: SIGINT))
                return 1
            })
        }
        if fromFile {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("stop-\(UUID().uuidString).sql").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var lines = try FileLineSource(path: path)
            ScriptRunner(session: session).run(&lines, source: path)
        } else {
            var lines = StringLineSource(text)
            ScriptRunner(session: session).run(&lines, source: "-c")
        }
        #expect(stop.reason == .terminate(signal: SIGINT))
        #expect(!stop.interruptedStatement)
        return stop
    }

    @Test func a_stop_during_the_last_unit_cuts_nothing() throws {
        #expect(try !stopAsked(running: "SELECT 1;\nSELECT ask_stop();\n").skippedInput)
        #expect(try !stopAsked(running: "SELECT 1;\nSELECT ask_stop();\n-- a comment, no unit\n", fromFile: true).skippedInput)
    }

    @Test func a_stop_with_units_left_cuts_the_input_short() throws {
        #expect(try stopAsked(running: "SELECT ask_stop();\nSELECT 2;\n").skippedInput)
        #expect(try stopAsked(running: "SELECT ask_stop(); SELECT 2;").skippedInput)
        #expect(try stopAsked(running: "SELECT ask_stop();\n.print left\n", fromFile: true).skippedInput)
    }
}
