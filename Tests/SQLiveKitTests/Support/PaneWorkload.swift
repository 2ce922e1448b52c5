import Foundation
import SQLiveTestSupport

/// A differential-tester workload: where the database lives, the script that makes its schema
/// and first panes, then the steps run one at a time, with every pane checked after each step
/// that leaves no transaction open.
struct PaneWorkload {
    /// Where the session's main database lives. The attached `aux` database is always a file.
    enum Storage: String, CaseIterable, CustomStringConvertible {
        case memory
        /// A file in the rollback-journal mode sqlite3 creates.
        case file
        /// A file switched to WAL before the session opens it.
        case wal

        var description: String { rawValue }
        var isFile: Bool { self != .memory }
    }

    /// One step of a workload.
    enum Step: Equatable {
        /// Input typed into the session: a statement or a meta-command.
        case session(String)
        /// A commit by another connection (another process, for the session) to the main
        /// database or to the attached one, followed by `.notify all` in the session.
        case external(PaneWorkloadDatabase, String)
        /// A commit by another connection that nothing in the session announces: the
        /// external-change watcher (`.external INTERVAL`) must notice it. `thenType` is typed
        /// into the session right after the commit (`.external 20ms` after a pause); then the
        /// runner waits until the panes equal their queries run fresh, for at most 2 s.
        case externalForTheWatcher(PaneWorkloadDatabase, String, thenType: String? = nil)

        /// The step as a line of the reproduction script.
        var scriptLine: String {
            switch self {
            case .session(let input): input
            case .external(let database, let sql): "-- another connection writes \(database): \(sql)\n.notify all"
            case .externalForTheWatcher(let database, let sql, let input):
                "-- another connection writes \(database): \(sql)\n" + (input.map { "\($0)\n" } ?? "")
                    + "-- (waiting for the external watcher)"
            }
        }
    }

    var seed: UInt64?
    var storage: Storage
    /// Run before the first check: the schema, data, `.parameter` values and first `.pin`s.
    var setup: [String]
    var steps: [Step]
}

enum PaneWorkloadDatabase: String, CustomStringConvertible {
    case main, aux
    var description: String { rawValue }
}

/// The files of one workload run, and the text that stands for them in reports.
struct PaneWorkloadFiles {
    let directory: TemporaryFolder
    var main: String { directory.path("main.db") }
    var aux: String { directory.path("aux.db") }

    init() throws {
        directory = try TemporaryFolder()
    }

    /// Replaces the `$AUX` placeholder of workload text with the attached file's path.
    func resolve(_ text: String) -> String {
        text.replacingOccurrences(of: "$AUX", with: aux)
    }
}
