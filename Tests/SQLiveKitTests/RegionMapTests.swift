import GRDB
import Testing
@testable import SQLiveKit

/// `RegionMap` reads a region's parts through GRDB's public API alone, for every kind of
/// region GRDB makes (whole tables, columns, rowids, several tables, attached schemas, the
/// schema table, names holding the punctuation GRDB's description uses), and the parts make
/// the same region again (`==`).
@Suite struct RegionMapTests {
    typealias Area = RegionMap.TableArea

    /// Names that hold the separators of GRDB's description, which the map never reads.
    static let schema = #"""
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT, teamId INT);
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE "spa ced"("first name", "dot.ted");
        CREATE TABLE "a, b"("x,y", "[z]");
        CREATE TABLE "t(1)"("(", ")");
        CREATE TABLE "it's ""quoted"""("'", """");
        CREATE TABLE "Ünïcødé 表"("名前", "ß");
        CREATE TABLE "[x]"(v);
        CREATE TABLE a(b, "b),c(d");
        CREATE TABLE c(d);
        CREATE TABLE star("*", other);
        CREATE TABLE plain(v);
        ATTACH ':memory:' AS aux;
        CREATE TABLE aux.ledger(amount, "note s");
        INSERT INTO player(id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c');
        """#

    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in try db.execute(sql: Self.schema) }
        return queue
    }

    /// The map of the region `make` builds, checked against its known parts and rebuilt.
    /// Rowids are asked about among `candidates`, the keys a query would name.
    private func expect(_ make: (Database) throws -> DatabaseRegion, reads expected: [Area], candidates: Set<Int64> = Set(-10...10),
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try database().inDatabase { db in
            let region = try make(db)
            let map = try RegionMap(region, rowIDCandidates: candidates, db: db)
            #expect(map.areas == expected, "\(region)", sourceLocation: sourceLocation)
            #expect(!map.isFullDatabase, sourceLocation: sourceLocation)
            let rebuilt = try map.region(db)
            #expect(rebuilt == region, "\(region) rebuilt as \(rebuilt)", sourceLocation: sourceLocation)
        }
    }

    private func statement(_ sql: String) -> (Database) throws -> DatabaseRegion {
        { db in try db.makeStatement(sql: sql).databaseRegion }
    }

    @Test func the_full_database_and_the_empty_region() throws {
        try database().inDatabase { db in
            let full = try RegionMap(.fullDatabase, db: db)
            #expect(full.isFullDatabase && full.areas.isEmpty)
            #expect(try full.region(db) == .fullDatabase)
            let empty = try RegionMap(DatabaseRegion(), db: db)
            #expect(!empty.isFullDatabase && empty.areas.isEmpty)
            #expect(try empty.region(db) == DatabaseRegion())
            #expect(try empty.region(db).isEmpty)
        }
    }

    @Test func a_whole_table() throws {
        try expect({ try Table("player").databaseRegion($0) }, reads: [Area(table: "player", columns: nil, rowIDs: nil)])
        try expect(statement("SELECT count(*) FROM team"), reads: [Area(table: "team", columns: nil, rowIDs: nil)])
    }

    @Test func columns_of_several_tables() throws {
        try expect(statement("SELECT player.name, team.name FROM player JOIN team ON team.id = player.teamId"), reads: [
            Area(table: "player", columns: ["name", "teamId"], rowIDs: nil),
            Area(table: "team", columns: ["id", "name"], rowIDs: nil),
        ])
    }

    @Test func rowids() throws {
        try expect({ try Table("player").select(Column("id"), Column("name")).filter(keys: [2, 1]).databaseRegion($0) },
                   reads: [Area(table: "player", columns: ["id", "name"], rowIDs: [1, 2])])
        try expect({ try Table("player").filter(keys: [-5, 7]).databaseRegion($0) },
                   reads: [Area(table: "player", columns: ["id", "name", "score", "teamId"], rowIDs: [-5, 7])])
        try expect({ try Table("plain").filter(Column.rowID == 4).databaseRegion($0) },
                   reads: [Area(table: "plain", columns: ["ROWID", "v"], rowIDs: [4])])
    }

    @Test func rowids_beside_another_table() throws {
        try expect({ db in
            try Table("player").filter(keys: [3]).databaseRegion(db).union(Table("team").databaseRegion(db))
        }, reads: [
            Area(table: "player", columns: ["id", "name", "score", "teamId"], rowIDs: [3]),
            Area(table: "team", columns: nil, rowIDs: nil),
        ])
    }

    @Test func an_attached_schema() throws {
        try expect(statement("SELECT amount, \"note s\", name FROM aux.ledger JOIN main.player"), reads: [
            Area(table: "ledger", columns: ["amount", "note s"], rowIDs: nil),
            Area(table: "player", columns: ["name"], rowIDs: nil),
        ])
    }

    @Test func the_schema_table() throws {
        try expect(statement("SELECT name FROM sqlite_schema"), reads: [Area(table: "sqlite_master", columns: ["name"], rowIDs: nil)])
    }

    @Test func names_with_spaces_dots_commas_brackets_quotes_and_unicode() throws {
        try expect(statement(#"SELECT "first name", "dot.ted" FROM "spa ced""#),
                   reads: [Area(table: "spa ced", columns: ["dot.ted", "first name"], rowIDs: nil)])
        try expect(statement(#"SELECT "x,y", "[z]" FROM "a, b""#),
                   reads: [Area(table: "a, b", columns: ["[z]", "x,y"], rowIDs: nil)])
        try expect(statement(#"SELECT "(", ")" FROM "t(1)""#),
                   reads: [Area(table: "t(1)", columns: ["(", ")"], rowIDs: nil)])
        try expect(statement(#"SELECT "'", """" FROM "it's ""quoted""""#),
                   reads: [Area(table: #"it's "quoted""#, columns: [#"""#, "'"], rowIDs: nil)])
        try expect(statement(#"SELECT "名前", "ß" FROM "Ünïcødé 表""#),
                   reads: [Area(table: "Ünïcødé 表", columns: ["ß", "名前"], rowIDs: nil)])
        try expect({ try Table("[x]").filter(Column.rowID == 9).databaseRegion($0) },
                   reads: [Area(table: "[x]", columns: ["ROWID", "v"], rowIDs: [9])])
    }

    /// `a(b),c(d)` in GRDB's description is both table a's column `b),c(d` and two tables:
    /// asking the region tells them apart.
    @Test func names_a_description_spells_two_ways() throws {
        try expect(statement(#"SELECT "b),c(d" FROM a"#), reads: [Area(table: "a", columns: ["b),c(d"], rowIDs: nil)])
        try expect(statement("SELECT a.b, c.d FROM a, c"), reads: [
            Area(table: "a", columns: ["b"], rowIDs: nil),
            Area(table: "c", columns: ["d"], rowIDs: nil),
        ])
        // `star(*)` is the column named * as well as every column.
        try expect(statement(#"SELECT "*" FROM star"#), reads: [Area(table: "star", columns: ["*"], rowIDs: nil)])
        try expect({ try Table("star").databaseRegion($0) }, reads: [Area(table: "star", columns: nil, rowIDs: nil)])
    }

    /// Rowids the query does not name cannot be asked about: the table reads as every row,
    /// a region wider than the one read, never narrower.
    @Test func rowids_that_are_not_candidates_read_as_every_row() throws {
        try database().inDatabase { (db: Database) throws in
            let region = try Table("player").select(Column("name")).filter(keys: [2, 100]).databaseRegion(db)
            let everyRow = [Area(table: "player", columns: ["id", "name"], rowIDs: nil)]
            #expect(try RegionMap(region, rowIDCandidates: [1, 2], db: db).areas == everyRow)
            #expect(try RegionMap(region, db: db).areas == everyRow)
            #expect(try RegionMap(region, rowIDCandidates: [2, 100, 7], db: db).areas
                    == [Area(table: "player", columns: ["id", "name"], rowIDs: [2, 100])])
            let wider = try RegionMap(region, rowIDCandidates: [1, 2], db: db).region(db)
            #expect(wider != region && wider.union(region) == wider)
        }
    }

    /// The candidates are the literals of a query's text, each as SQLite compares it with a
    /// rowid, and negated; text the DSL does not read names none.
    @Test func the_keys_a_query_names() throws {
        try database().inDatabase { (db: Database) throws in
            #expect(try RowIDCandidates.named(in: #"track.filter(keys: ["1", 2])"#, db: db) == [1, -1, 2, -2])
            #expect(try RowIDCandidates.named(in: #"genre.filter(key: " 1e1 ").limit(3)"#, db: db) == [10, -10, 3, -3])
            #expect(try RowIDCandidates.named(in: #"genre.filter(key: "7.5") + genre.filter(key: "abc")"#, db: db) == [])
            #expect(try RowIDCandidates.named(in: "player.filter(id == 4.0 || id == -5)", db: db) == [4, -4, 5, -5])
            #expect(try RowIDCandidates.named(in: "SELECT 'a' # 3", db: db) == [])
        }
    }

    /// A table dropped since the region was made is no longer a name the map can read: it
    /// keeps what the public API still tells, every row of the tables that remain.
    @Test func a_region_older_than_the_schema_keeps_what_the_api_tells() throws {
        try database().inDatabase { db in
            try db.execute(sql: "CREATE TABLE gone(x)")
            let region = try Table("player").select(Column("id"), Column("name")).filter(keys: [1]).databaseRegion(db)
                .union(db.makeStatement(sql: "SELECT x FROM gone").databaseRegion)
            try db.execute(sql: "DROP TABLE gone")
            #expect(try RegionMap(region, db: db).areas == [Area(table: "player", columns: ["id", "name"], rowIDs: nil)])
        }
    }
}
