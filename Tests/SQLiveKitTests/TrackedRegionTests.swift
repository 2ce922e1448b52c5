import GRDB
import Synchronization
import Testing
@testable import SQLiveKit

/// The region a pane tracks, computed from the query's declared region, is the region a
/// `ValueObservation` running the same query tracks: GRDB itself is the oracle.
@Suite struct TrackedRegionTests {
    /// `.region`'s tables (a WITHOUT ROWID table, FTS5, a view), a generated column, rows.
    static let schema = ObservationRegionTests.schema + """
        CREATE TABLE sized(w INT, h INT, area INT GENERATED ALWAYS AS (w * h));
        INSERT INTO player VALUES (1, 'a', 10, 1), (2, 'b', 20, 1);
        INSERT INTO team VALUES (1, 't');
        INSERT INTO doc VALUES ('hello world');
        """

    /// A query, as SQL or as a request of GRDB's query interface (which narrows to rowids).
    struct Query: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var request: @Sendable (Database) throws -> any FetchRequest<Row>

        static func sql(_ text: String) -> Query {
            Query(testDescription: text) { _ in SQLRequest<Row>(sql: text) }
        }
    }

    static let queries: [Query] = [
        .sql("SELECT name FROM player WHERE score > 10"),
        .sql("SELECT player.name, Team.name FROM player JOIN team ON team.id = player.teamId"),
        .sql("SELECT name FROM player WHERE teamId IN (SELECT id FROM TEAM WHERE name = 't')"),
        .sql("SELECT * FROM ranking"),
        .sql("SELECT count(*) FROM player"),
        .sql("SELECT n FROM tag"),
        .sql("SELECT area FROM sized"),
        .sql("SELECT body FROM doc WHERE doc MATCH 'hello'"),
        .sql("WITH best AS (SELECT max(score) AS s FROM player) SELECT name FROM player, best WHERE score = s"),
        .sql("SELECT name FROM player UNION SELECT name FROM team"),
        .sql("SELECT amount FROM aux.ledger"),
        .sql("SELECT name FROM sqlite_schema"),
        .sql("SELECT s.name, p.name FROM sqlite_master s JOIN player p ON p.name = s.name"),
        .sql("SELECT name FROM sqlite_temp_master UNION SELECT name FROM team"),
        .sql("SELECT datetime('now')"),
        Query(testDescription: "player.filter(keys: [1, 2])") { _ in Table("player").filter(keys: [1, 2]) },
        Query(testDescription: "team.select(name).filter(id: 1)") { _ in
            Table("team").select(Column("name")).filter(key: 1)
        },
        Query(testDescription: "player.filter(keys: [2]) beside the schema table") { _ in
            Table("player").filter(keys: [2]).annotated(with: SQL("(SELECT count(*) FROM sqlite_master) AS n"))
        },
    ]

    @Test(arguments: queries)
    func the_tracked_region_is_the_one_a_value_observation_tracks(_ query: Query) throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "ATTACH ':memory:' AS aux; CREATE TABLE aux.ledger(amount)")
        }
        let observed = try #require(observedRegion(of: query, in: queue))
        let tracked = try queue.inDatabase { db in
            // The keys of these queries are among -10...10, as a pane's are among its text's literals.
            try QueryRegion.trackedRegion(of: query.request(db).databaseRegion(db), rowIDCandidates: Set(-10...10), db: db)
        }
        #expect(tracked == observed, "tracked \(tracked), GRDB observes \(observed)")
    }

    /// GRDB's own answer: a `ValueObservation` fetching the query starts (its first value
    /// delivered before `start` returns) and says which region it tracks.
    private func observedRegion(of query: Query, in queue: DatabaseQueue) -> DatabaseRegion? {
        let tracked = Mutex<DatabaseRegion?>(nil)
        let cancellable = ValueObservation
            .tracking { db in try Row.fetchAll(db, query.request(db)).count }
            .handleEvents(willTrackRegion: { region in tracked.withLock { $0 = region } })
            .start(in: queue, scheduling: InitialValueAtStart(), onError: { _ in }, onChange: { _ in })
        cancellable.cancel()
        return tracked.withLock { $0 }
    }
}

/// Delivers an observation's first value on the thread that starts it, before `start`
/// returns (GRDB's `.immediate` insists on the main thread, which tests do not run on).
private struct InitialValueAtStart: ValueObservationScheduler {
    func immediateInitialValue() -> Bool { true }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
