import Foundation
import Testing
import SQLiveTestSupport

/// The SQLite extensions sqlite3's shell builds into itself and sqlive adds on every
/// connection: `generate_series`, each script run by sqlite3 and by sqlive, same stdout and
/// exit status (stderr is each program's own wording).
@Suite struct ShellExtensionCompatTests {
    typealias Case = SQLite3ShellCompatTests.Case

    static func script(_ name: String, _ text: String) -> Case {
        SQLite3ShellCompatTests.script(name, text)
    }

    static let cases: [Case] = seriesCases

    static let seriesCases: [Case] = [
        script("generate_series: arguments, defaults and hidden columns", """
            select value from generate_series(1,5,2);
            select rowid, value, start, stop, step from generate_series(5,10,2);
            select value from generate_series(3) limit 3;
            select max(value), min(stop) from (select value, stop from generate_series(4294967290) limit 100);
            select value from generate_series(1,3,0);
            select value from generate_series(1,1);
            select value from generate_series(3,1);
            select value from generate_series('2','4.9',1.9);
            select value from generate_series(1.9, 3.9);
            select value from generate_series(x'31', 3);
            select typeof(value), typeof(start), typeof(stop) from generate_series(1,2);
            select value from generate_series where start=3 and stop=5;
            select value from generate_series(1,3) where step=2;
            select value from generate_series(1,5) where start > 3;
            pragma table_xinfo(generate_series);
            """),
        script("generate_series: negative steps and NULL arguments", """
            select rowid, value, start, stop, step from generate_series(1,10,-3);
            select value from generate_series(1,9,-3);
            select value from generate_series(10,1,-1);
            select value from generate_series(0,-3,-1);
            select value from generate_series(5,20,-5) where value > 6;
            select value from generate_series(null,3);
            select value from generate_series(1,null);
            select value from generate_series(1,3,null);
            """),
        script("generate_series: orders, limits and filters", """
            select value from generate_series(1,10) where value > 7;
            select value from generate_series(1,100) where value between 4 and 6;
            select value from generate_series(1,3) where value in (2,3);
            select value from generate_series(1,5,2) where value = 3;
            select value from generate_series(1,10) order by value desc limit 3;
            select value from generate_series(1,10,-2) order by value;
            select value from generate_series(1,10,-3) order by value desc;
            select value from generate_series(1,10,-3) order by value, step;
            select value from generate_series(1,4) order by step, value desc;
            select value from generate_series(1,20,4) limit 2 offset 1;
            select count(*), sum(value) from generate_series(1,10000);
            """),
        script("generate_series: joins, subqueries, views and tables made from it", """
            create table t(a integer primary key, b, c);
            insert into t values (1,2,4),(2,3,3),(3,1,2);
            create index tb on t(b);
            select t.a, s.value from t, generate_series(t.b, t.c) s;
            select t.a, s.value from generate_series(t.b, t.c) s, t;
            select * from t join generate_series(1,3) s on s.value = t.a;
            select * from t where a in (select value from generate_series(1,2));
            select value from generate_series(1,100) s where s.value in (select b from t);
            select a.value, b.value from generate_series(1,3) a, generate_series(a.value, 3) b;
            select a.value, b.value from generate_series(1,3) a left join generate_series(a.value, 2) b;
            select count(*) from t, generate_series(1, t.a);
            with r as (select value v from generate_series(1,4)) select sum(v), group_concat(v) from r;
            select value from generate_series(1,3) union all select value from generate_series(7,9,2);
            create view v as select value from generate_series(1,3);
            select * from v;
            create table copy as select value as x from generate_series(1,3);
            select * from copy;
            """),
        script("generate_series: query plans", """
            create table t(a integer primary key, b, c);
            create index tb on t(b);
            explain query plan select * from generate_series(1,10) where value>3;
            explain query plan select * from generate_series(1,10,2) order by value desc;
            explain query plan select * from generate_series(1,10,2) order by value;
            explain query plan select * from generate_series(1) limit 3;
            explain query plan select * from generate_series where start = 1 and stop = 5 and step = 2;
            explain query plan select t.a, s.value from generate_series(t.b, t.c) s, t;
            explain query plan select * from t join generate_series(1,3) s on s.value = t.a;
            explain query plan select * from t where a in (select value from generate_series(1,2));
            explain query plan select * from generate_series(1,3) a, generate_series(a.value, 3) b;
            explain query plan select value from generate_series(1,100) s where s.value in (select b from t);
            """),
        script("generate_series: values wrap around at the ends of the 64-bit range", """
            select value from generate_series(9223372036854775800, 9223372036854775806, 3) limit 5;
            select value from generate_series(-9223372036854775808, -9223372036854775800, -4) limit 4;
            select value from generate_series(1, 2, -9223372036854775808) limit 5;
            """),
        script("generate_series: no first argument, and no CREATE VIRTUAL TABLE", """
            select * from generate_series limit 3;
            select 'next';
            create virtual table s using generate_series;
            select * from generate_series(1,2);
            """),
    ]

    @Test(arguments: cases)
    func sqlive_prints_what_sqlite3_prints(_ compat: Case) throws {
        let folder = try TemporaryFolder()
        let expected = try BinaryRunner.run("/usr/bin/sqlite3", compat.arguments, input: Data(compat.script), directory: folder.path)
        let actual = try BinaryRunner.run(BinaryRunner.sqlivePath, compat.arguments, input: Data(compat.script), directory: folder.path)
        #expect(actual.stdout == expected.stdout, "--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)\(actual.stderr)")
        #expect((actual.status == 0) == (expected.status == 0), "sqlite3 \(expected.status), sqlive \(actual.status)")
    }

    /// `--safe` turns trusted_schema off: the functions still run from views and triggers,
    /// as in sqlite3's -safe, since they are marked harmless.
    @Test func the_functions_work_in_safe_mode_from_views_and_triggers() throws {
        let folder = try TemporaryFolder()
        let setup = """
            create view v as select value from generate_series(1,3);
            create table t(x);
            create table t2(y);
            create trigger tr after insert on t begin insert into t2 select value from generate_series(1, new.x); end;
            """
        let script = "select * from v;\ninsert into t values (2);\nselect * from t2;\nselect value from generate_series(5,7);\n"
        var outputs: [String] = []
        for (program, name) in [("/usr/bin/sqlite3", "a.db"), (BinaryRunner.sqlivePath, "b.db")] {
            let setupRun = try BinaryRunner.run("/usr/bin/sqlite3", [name], input: Data(setup.utf8), directory: folder.path)
            #expect(setupRun.status == 0)
            let run = try BinaryRunner.run(program, ["-safe", name], input: Data(script.utf8), directory: folder.path)
            #expect(run.status == 0, "\(program): \(run.stderr)")
            outputs.append(run.stdout)
        }
        #expect(outputs[1] == outputs[0])
        #expect(outputs[1] == "1\n2\n3\n1\n2\n5\n6\n7\n")
    }
}
