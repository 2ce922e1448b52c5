import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// `.parameter`: values bound by name in every statement, as sqlite3 binds them, kept in
/// the session (no table in the database).
@Suite struct ParameterTests {
    let shell: TestSession

    init() throws {
        shell = try TestSession()
    }

    @Test func values_bind_to_colon_at_and_dollar_names() {
        let output = shell.run("""
            .parameter set :a 1
            .parameter set @b 'two'
            .parameter set $c x'00ff'
            SELECT :a, @b, quote($c), :never_set IS NULL;
            """)
        #expect(output == "1|two|X'00FF'|1\n")
        #expect(shell.errorText == "")
    }

    @Test func a_name_set_without_prefix_binds_every_prefix_unless_one_is_set_apart() {
        let output = shell.run("""
            .parameter set id 7
            .parameter set @id 8
            SELECT :id, @id, $id;
            """)
        #expect(output == "7|8|7\n")
    }

    @Test func numbered_and_anonymous_parameters_bind_by_position() {
        #expect(shell.run(".parameter set ?2 'second'\nSELECT ?1 IS NULL, ?2, ?;") == "1|second|\n")
    }

    @Test func values_are_sql_expressions_when_they_compile_else_text() {
        let output = shell.run("""
            .parameter set :sum 1+2
            .parameter set :word hello
            .parameter set :phrase 'hello world'
            .parameter set :words hello big world
            .parameter set :real 2.50
            .parameter set :null NULL
            .parameter set :next :sum*10
            SELECT typeof(:sum), :sum, typeof(:word), :word, :phrase, :words, typeof(:real), quote(:null), :next;
            """)
        #expect(output == "integer|3|text|hello|hello world|hello big world|real|NULL|30\n")
    }

    @Test func list_shows_names_padded_and_values_quoted_like_sqlite3() {
        let output = shell.run("""
            .parameter set :longer_name "'it''s'"
            .parameter set :n 42
            .parameter set @r 0.5
            .parameter set $b x'0a'
            .parameter list
            """)
        #expect(output == """
            $b           X'0A'
            :longer_name 'it''s'
            :n           42
            @r           0.5

            """)
    }

    @Test func unset_and_clear_forget_names() {
        let output = shell.run("""
            .parameter set :a 1
            .parameter set :b 2
            .parameter unset :a
            SELECT :a IS NULL, :b;
            .parameter clear
            SELECT :b IS NULL;
            .parameter list
            """)
        #expect(output == "1|2\n1\n")
        // A name that is not set is no error, as in sqlite3.
        shell.run(".parameter unset :zzz\n.parameter frob\n.parameter set :x")
        #expect(shell.errorText == """
            error: test.sql:2: .parameter: unknown subcommand frob
              usage: .parameter list|set NAME VALUE|unset NAME|clear|init
            error: test.sql:3: .parameter: set needs a NAME and a VALUE
              usage: .parameter list|set NAME VALUE|unset NAME|clear|init

            """)
    }

    @Test func parameters_never_touch_the_database() {
        shell.run(".parameter set :a 1\nSELECT :a;")
        #expect(shell.run("SELECT count(*) FROM sqlite_temp_schema; SELECT count(*) FROM sqlite_schema;") == "0\n0\n")
    }

    @Test func bound_parameters_work_in_writes() {
        let output = shell.run("""
            CREATE TABLE t(a, b);
            .parameter set :a 10
            .parameter set :b 'ten'
            INSERT INTO t VALUES (:a, :b);
            SELECT * FROM t;
            """)
        #expect(output == "10|ten\n")
    }

    @Test func arguments_for_a_statement_and_named_arguments_for_requests() throws {
        shell.run(".parameter set :x 5\n.parameter set @y 'why'\n.parameter set ?3 3")
        let session = shell.session
        let values = try session.connection.queue.inDatabase { db -> [DatabaseValue] in
            let statement = try db.makeStatement(sql: "SELECT :x, @y, ?3, $z")
            let arguments = session.statements.parameterArguments(for: statement)
            return try Row.fetchOne(statement, arguments: arguments).map { Array($0.databaseValues) } ?? []
        }
        #expect(values == [5.databaseValue, "why".databaseValue, 3.databaseValue, .null])
        #expect(session.statements.namedParameterArguments == ["x": 5, "y": "why"])
    }
}
