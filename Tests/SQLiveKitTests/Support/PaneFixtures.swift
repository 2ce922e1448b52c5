import Foundation
@testable import SQLiveKit

extension TestSession {
    /// A session whose database has a `player` table with Arthur (10) and Barbara (20), and
    /// whose panes' clock is stopped at `PaneFixtures.time`.
    static func withPlayers(path: String = ":memory:") throws -> TestSession {
        let test = try TestSession(path: path)
        test.session.paneBoard.clock = { PaneFixtures.time }
        test.run("""
            CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT);
            INSERT INTO player(name, score) VALUES ('Arthur', 10), ('Barbara', 20);
            """)
        return test
    }

    var board: PaneBoard { session.paneBoard }
}

enum PaneFixtures {
    /// The stopped clock of test panes, and how panes show it.
    static let time = Date(timeIntervalSince1970: 1_700_000_000)
    static var timeText: String { TimeOfDay.format(time) }
}
