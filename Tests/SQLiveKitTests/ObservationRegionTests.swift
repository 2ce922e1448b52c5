import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// `.region`: the region GRDB tracks for a query, and warnings for what it will not see.
@Suite struct ObservationRegionTests {
    static let schema = """
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT, teamId INT);
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE tag(name TEXT PRIMARY KEY, n INT) WITHOUT ROWID;
        CREATE VIRTUAL TABLE doc USING fts5(body);
        CREATE VIEW ranking AS SELECT name, score FROM player ORDER BY score DESC;
        """

    func region(_ query: String) throws -> (output: String, errors: String) {
        let test = try TestSession()
        test.run(Self.schema)
        let output = test.run(".region \(query)")
        return (output, test.errorText)
    }

    @Test func a_filtered_query_tracks_the_columns_it_reads() throws {
        #expect(try region("SELECT name FROM player WHERE score > 10").output == "player(name,score)\n")
    }

    @Test func a_join_tracks_both_tables() throws {
        let query = "SELECT player.name, team.name FROM player JOIN team ON team.id = player.teamId"
        #expect(try region(query).output == "player(name,teamId),team(id,name)\n")
    }

    @Test func a_primary_key_query_in_sql_tracks_the_whole_table() throws {
        // GRDB narrows regions to rowids for its query interface only (the DSL's requests);
        // SQL text tracks every row of the columns it reads.
        #expect(try region("SELECT name FROM player WHERE id = 1").output == "player(id,name)\n")
    }

    @Test func a_primary_key_request_tracks_its_rowids() throws {
        let test = try TestSession()
        test.run(Self.schema)
        let region = try test.session.connection.queue.inDatabase { db in
            try Table("player").select(Column("id"), Column("name")).filter(keys: [1, 2]).databaseRegion(db)
        }
        #expect(region.description == "player(id,name)[1,2]")
    }

    @Test func a_view_is_tracked_through_its_tables() throws {
        #expect(try region("SELECT * FROM ranking").output == "player(name,score)\n")
    }

    @Test func counting_rows_tracks_the_whole_table() throws {
        #expect(try region("SELECT count(*) FROM player").output == "player(*)\n")
    }

    @Test func without_rowid_tables_are_flagged() throws {
        let result = try region("SELECT n FROM tag")
        #expect(result.output == "tag(n)\n")
        #expect(result.errors == """
            warning: tag is a WITHOUT ROWID table: SQLite does not report changes to it, so panes do not refresh by themselves (.notify tag after changing it)

            """)
    }

    @Test func virtual_tables_are_flagged() throws {
        let result = try region("SELECT body FROM doc WHERE doc MATCH 'x'")
        #expect(result.output == "doc(body,doc)\n")
        #expect(result.errors == "warning: doc is a virtual table: changes its module makes on its own are not seen (.notify doc after them)\n")
    }

    @Test func a_query_reading_no_table_never_refreshes_by_itself() throws {
        let result = try region("SELECT datetime('now')")
        #expect(result.output == "empty\n")
        #expect(result.errors == "warning: the query reads no table: it never refreshes by itself (.refresh runs it again)\n")
    }

    @Test func file_databases_warn_about_other_processes_while_external_is_off() throws {
        let directory = try TemporaryFolder()
        let test = try TestSession(path: directory.path("f.db"))
        test.run("CREATE TABLE t(x);")
        #expect(test.run(".region SELECT x FROM t") == "t(x)\n")
        #expect(test.errorText == """
            warning: changes by other processes (rows or schema) are not seen while .external is off: .external on watches for them, or .notify after them

            """)
        test.run(".external on\n.region SELECT x FROM t")
        #expect(test.errorText == "")
    }

    @Test func region_refuses_what_is_not_a_query() throws {
        let test = try TestSession()
        test.run(Self.schema + "\n.region UPDATE player SET score = 1")
        #expect(test.errorText.hasPrefix("error: test.sql:6: a pane needs a query that returns rows, not UPDATE player SET score = 1\n"))
    }
}
