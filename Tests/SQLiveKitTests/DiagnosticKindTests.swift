import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// Diagnostics are data: code acts on their kind and severity, never on their text, and any
/// error becomes one through the one conversion, `Diagnostic(converting:)`.
@Suite struct DiagnosticKindTests {
    /// The SQLite error a statement raises, as GRDB throws it.
    private func databaseError(_ sql: String, setup: String = "") throws -> DatabaseError {
        let queue = try DatabaseQueue()
        return try queue.inDatabase { db in
            if !setup.isEmpty { try db.execute(sql: setup) }
            do {
                try db.execute(sql: sql)
            } catch let error as DatabaseError {
                return error
            }
            Issue.record("\(sql) did not fail")
            return DatabaseError()
        }
    }

    @Test func a_sqlite_error_keeps_its_extended_result_code_and_message() throws {
        let error = try databaseError("insert into t values (1)", setup: "create table t(x unique); insert into t values (1)")
        let diagnostic = Diagnostic(converting: error)
        #expect(diagnostic.kind == .sqlite(.SQLITE_CONSTRAINT_UNIQUE))
        #expect(diagnostic.message == "UNIQUE constraint failed: t.x")
        #expect(diagnostic.severity == .error)
    }

    @Test func an_interrupt_is_an_interruption_by_its_code() {
        let diagnostic = Diagnostic(converting: DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "whatever SQLite said"))
        #expect(diagnostic.kind == .interrupted)
        #expect(diagnostic.isInterruption)
        #expect(diagnostic.message == "interrupted")
    }

    /// Before diagnostics had kinds, a message reading "interrupted" was taken for Ctrl-C:
    /// a trigger's `RAISE(ABORT, 'interrupted')` was swallowed while a signal ended a script.
    @Test func a_message_that_reads_interrupted_is_not_an_interruption() throws {
        let error = try databaseError(
            "insert into t values (1)",
            setup: "create table t(x); create trigger r before insert on t begin select raise(abort, 'interrupted'); end")
        let diagnostic = Diagnostic(converting: error)
        #expect(diagnostic.message == "interrupted")
        #expect(!diagnostic.isInterruption)
        #expect(diagnostic.kind == .sqlite(.SQLITE_CONSTRAINT_TRIGGER))
    }

    @Test func a_raised_interrupted_message_is_reported_even_while_a_signal_ends_the_script() throws {
        let test = try TestSession()
        test.run("create table t(x); create trigger r before insert on t begin select raise(abort, 'interrupted'); end;")
        test.session.stopRequest.request(.terminate(signal: SIGTERM))
        test.session.run(InputUnit(kind: .sql, text: "insert into t values (1);", location: SourceLocation(source: "x.sql", line: 3)))
        test.session.output.flush()
        #expect(test.errorText == "error: x.sql:3: interrupted\n")
        #expect(!test.session.stopRequest.interruptedStatement)
    }

    @Test func a_diagnostic_converts_to_itself_and_other_errors_keep_their_description() {
        let original = Diagnostic("no such pane: 4", kind: .usage, hint: "see .panes")
        #expect(Diagnostic(converting: original) == original)
        let write = OutputWriteError(errno: EPIPE)
        #expect(Diagnostic(converting: write).kind == .io)
        #expect(Diagnostic(converting: CancellationError()) == Diagnostic("CancellationError()"))
    }

    @Test func a_prefix_keeps_the_kind() {
        let diagnostic = Diagnostic(converting: DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"))
            .prefixed("cannot open x.db: ")
        #expect(diagnostic.message == "cannot open x.db: database or disk is full")
        #expect(diagnostic.kind == .sqlite(.SQLITE_FULL))
    }

    @Test func the_printer_labels_each_severity() {
        let plain = DiagnosticPrinter()
        #expect(plain.render(Diagnostic("no such table: t")) == "error: no such table: t\n")
        #expect(plain.render(.warning("3 bad rows")) == "warning: 3 bad rows\n")
        #expect(plain.render(.notice("imported 3 rows into t in 0.2 s")) == "imported 3 rows into t in 0.2 s\n")
        let colour = DiagnosticPrinter(usesColor: true)
        #expect(colour.render(.warning("w")) == "\u{1B}[1;33mwarning:\u{1B}[0m w\n")
        #expect(colour.render(.notice("n")) == "n\n")
        #expect(plain.renderProgress("migrating 3: 2.1 s") == "\r\u{1B}[2Kmigrating 3: 2.1 s")
        #expect(plain.renderProgress("running 1.0 s", dimmed: true) == "\r\u{1B}[2Krunning 1.0 s")
    }

    @Test func warnings_and_notices_are_not_failures() throws {
        let test = try TestSession()
        test.session.report(.warning("careful"))
        test.session.report(.notice("fyi"))
        #expect(test.session.errorCount == 0)
        test.session.report(Diagnostic("broken"))
        #expect(test.session.errorCount == 1)
        #expect(test.errorText == "warning: careful\nfyi\nerror: broken\n")
    }
}
