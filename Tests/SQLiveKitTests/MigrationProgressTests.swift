import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// The wait behind a long migration's progress line: the work runs on a worker while the
/// calling thread reports, and only after the delay.
@Suite struct MigrationProgressTests {
    @Test func slow_work_is_reported_after_the_delay_with_growing_times() throws {
        let wait = ProgressWait(delay: .milliseconds(50), interval: .milliseconds(10))
        var reports: [Duration] = []
        let value = try wait.run({ Thread.sleep(forTimeInterval: 0.3); return 42 }) { reports.append($0) }
        #expect(value == 42)
        #expect(reports.count >= 3)
        #expect(reports.allSatisfy { $0 >= .milliseconds(50) })
        #expect(reports == reports.sorted())
    }

    /// Work done well inside the delay reports nothing. The delay is long: with the default
    /// one, a loaded machine (the tests in parallel beside CPU hogs) left the worker
    /// unscheduled past it, and the wait reported.
    @Test func quick_work_reports_nothing() throws {
        var reports = 0
        let value = try ProgressWait(delay: .seconds(60), interval: .milliseconds(10)).run({ "done" }) { _ in reports += 1 }
        #expect(value == "done")
        #expect(reports == 0)
    }

    @Test func an_error_of_the_work_is_thrown_on_the_calling_thread() {
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) {
            try ProgressWait(delay: .zero, interval: .milliseconds(5)).run({ () throws -> Int in
                Thread.sleep(forTimeInterval: 0.02)
                throw Failure()
            }) { _ in }
        }
    }

    /// Another connection holds the write lock for 1.5 s, so the migration waits that long
    /// (within the 5 s busy timeout) whatever the machine's speed.
    @Test func a_migration_taking_over_a_second_on_a_terminal_shows_progress_then_clears_it() throws {
        let fixture = try MigrationFixture(["1_a.sql": "CREATE TABLE a (x);\n"],
                                           environment: SessionEnvironment(isInteractive: true))
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: fixture.databasePath, configuration: configuration)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
            try? other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        }
        #expect(fixture.run(".migrate") == "applied 1_a (… ms)\nthe database is at 1_a, 0 pending\n")
        let progress = fixture.test.errorText
        // Drawn as every progress line is (DiagnosticPrinter.renderProgress): over the last one.
        #expect(progress.hasPrefix("\r\u{1B}[2Kmigrating 1_a: 1."), "\(progress.debugDescription)")
        #expect(progress.components(separatedBy: "\r\u{1B}[2Kmigrating 1_a: ").count > 2, "redrawn in place as time passes")
        #expect(progress.hasSuffix(" s\r\u{1B}[2K"), "the line is cleared before the result")
    }

    @Test func durations_read_in_milliseconds_under_a_second_and_seconds_above() {
        #expect(MigrationRunner.format(.milliseconds(4)) == "4 ms")
        #expect(MigrationRunner.format(.microseconds(999_400)) == "999 ms")
        #expect(MigrationRunner.format(.milliseconds(1250)) == "1.25 s")
    }
}
