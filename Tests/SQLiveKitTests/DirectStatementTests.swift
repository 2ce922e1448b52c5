import GRDB
import Testing
@testable import SQLiveKit

/// Statements run through SQLite directly while nothing observes the connection: GRDB's
/// schema cache must still follow schema changes, and results must match the GRDB path.
@Suite struct DirectStatementTests {
    private func columns(_ table: String, in session: TestSession) throws -> [String] {
        try session.session.connection.queue.inDatabase { db in try db.columns(in: table).map(\.name) }
    }

    @Test func schema_changes_reach_grdb_schema_cache() throws {
        let session = try TestSession()
        session.run("create table t(a);")
        #expect(try columns("t", in: session) == ["a"])
        session.run("alter table t add column b;")
        #expect(try columns("t", in: session) == ["a", "b"])
        session.run("begin; alter table t add column c;")
        #expect(try columns("t", in: session) == ["a", "b", "c"])
        session.run("rollback;")
        #expect(try columns("t", in: session) == ["a", "b"])
    }

    @Test func data_changes_leave_the_schema_cache_alone() throws {
        let statement = try DatabaseQueue().inDatabase { db -> Bool in
            try db.execute(sql: "create table t(a)")
            guard let handle = db.sqliteConnection,
                  let insert = try DirectStatement(sql: "insert into t values (1)", connection: handle),
                  let create = try DirectStatement(sql: "create index i on t(a)", connection: handle),
                  let select = try DirectStatement(sql: "select * from t", connection: handle)
            else { return false }
            return !insert.mayChangeSchema && create.mayChangeSchema && !select.mayChangeSchema
        }
        #expect(statement)
    }

    @Test func the_direct_path_and_the_grdb_path_print_the_same() throws {
        let script = """
            create table t(a, b);
            insert into t values (1, 'x'), (2.5, null), (x'0102', 'y');
            select * from t;
            select count(*) from t where a > ?;
            select nope;
            """
        let direct = try TestSession()
        let directOutput = direct.run(script)
        let observed = try TestSession()
        observed.run(".events on\n.events off")
        #expect(observed.session.paneBoard.observesConnection)
        let observedOutput = observed.run(script)
        #expect(directOutput == observedOutput)
        #expect(direct.errorText == observed.errorText)
        #expect(directOutput == "1|x\n2.5|\n\u{1}\u{2}|y\n0\n")
    }

    @Test func compile_errors_point_at_the_token() throws {
        let session = try TestSession()
        session.run("select 1 +;")
        #expect(session.errorText == "error: test.sql:1: near \";\": syntax error\n  select 1 +;\n            ^\n")
    }
}
