import Foundation
import Testing
import SQLiveTestSupport

/// The SQLite extensions sqlite3's shell builds into itself and sqlive adds on every
/// connection: `generate_series`, `REGEXP` (`regexp()`, `regexpi()`), the `uint` collation and `usleep()`, each script run by sqlite3 and by sqlive, same stdout and
/// exit status (stderr is each program's own wording).
@Suite struct ShellExtensionCompatTests {
    typealias Case = SQLite3ShellCompatTests.Case

    static func script(_ name: String, _ text: String) -> Case {
        SQLite3ShellCompatTests.script(name, text)
    }

    static let cases: [Case] = seriesCases + regexpCases + uintCases

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

    /// Patterns of every kind against texts of every kind, each pair through both shells.
    static let regexpCases: [Case] = [
        script("regexp: a table of patterns against a table of texts", #"""
            create table pattern(p);
            insert into pattern values ('a'), ('^a'), ('a$'), ('^a$'), ('^$'), (''), ('.'), ('^.$'), ('a.c'), ('a*'), ('^a*$'),
              ('a+b'), ('ab?c'), ('^(ab)+$'), ('(a|b)*c'), ('^a|b$'), ('a|^b'), ('x|^'), ('a||b'), ('(|a)x'),
              ('a{2}'), ('^a{2,3}$'), ('^a{,2}$'), ('^a{2,}$'), ('^(a|bc){2}$'), ('a{2}{3}'), ('a*?'), ('a+*'), ('a**'),
              ('[abc]'), ('[^abc]'), ('^[a-c]+$'), ('[]a]'), ('[^]a]'), ('[\]]'), ('[a-]x]'), ('[\x61-c]'), ('^[à-ü]+$'),
              ('\d'), ('^\d+$'), ('\D'), ('\w'), ('^\w+$'), ('\W'), ('\s'), ('\S'), ('\bab\b'), ('\bb'), ('c\b'),
              ('\.'), ('\$'), ('\^'), ('\('), ('\\'), ('\x41'), ('\u00e9'), ('\t'), ('^\n'), ('a\'), ('$a'), ('(a$)|c'), ('(a$)+'),
              ('é'), ('^é$'), ('😀'), ('^.$'), ('^..$'), ('A'), ('ABC');
            create table subject(t);
            insert into subject values (''), ('a'), ('A'), ('ab'), ('abc'), ('aab'), ('aaa'), ('ba'), ('bca'), ('abab'), ('xb'), ('bx'),
              ('ac'), ('a.c'), ('a b'), ('a1_'), ('123'), (' '), (char(9)), (char(10) || 'x'), ('$'), ('^a'), (']'), ('()'), ('\'),
              ('é'), ('éè'), ('😀'), ('a😀b'), ('x'), ('ABC'), ('abC'), (12), (1.5), (x'616263'), (x'ff'), (x'c328'), (null);
            select p, t, regexp(p, t), t regexp p, regexpi(p, t) from pattern, subject;
            """#),
        script("regexp: NULL arguments, numbers and blobs", """
            select 'abc' regexp null, null regexp 'a', regexp(null, null), typeof('abc' regexp null);
            select 123 regexp '^\\d+$', 1.5 regexp '\\.', 5.0 regexp '^5\\.0$', x'616263' regexp 'b', regexp(5, '5');
            select 'a' || char(0) || 'c' regexp 'c', regexp('a.c', 'a' || char(0) || 'c');
            """),
        script("regexp: patterns it refuses, each with the extension's message", #"""
            select regexp('a(', 'a');
            select regexp('a)', 'a');
            select regexp('*a', 'a');
            select regexp('+', '+');
            select regexp('?', '?');
            select regexp('a|*', 'a');
            select regexp('[abc', 'a');
            select regexp('[a-]x', 'ax');
            select regexp('[[:alpha:]]', 'a');
            select regexp('\q', 'q');
            select regexp('\B', 'b');
            select regexp('\x4', 'x4');
            select regexp('a{2,1}', 'aa');
            select regexp('a{', 'a{');
            select regexp('a{x}', 'a');
            select regexp('{1}', '');
            select regexp('a{0}', 'a');
            select regexp('a$b', 'a'), 'after';
            select 'a' regexp '(';
            select 'still running';
            """#),
        script("regexpi: ASCII letters only, escapes as written", #"""
            select regexpi('A', 'a'), regexpi('abc', 'ABC'), regexpi('[A-C]', 'b'), regexpi('[a-c]', 'B');
            select regexpi('\x41', 'a'), regexpi('\x41', 'A'), regexpi('É', 'é'), regexpi('é', 'É'), regexpi('\w', 'É');
            """#),
        script("regexp: in queries", """
            create table person(name, email);
            insert into person values ('Ann', 'ann@example.com'), ('Bob', 'bob@example.org'), ('Cy', null), ('Di', 'di@example.com');
            select name from person where email regexp '^\\w+@example\\.com$';
            select name from person where email not regexp 'com$';
            select count(*) from generate_series(1, 5000) where value regexp '7.*3$';
            select value from generate_series(1, 30) where value regexp '^[12]?[05]$';
            create index upper_names on person(name) where name regexp '^[A-Z]';
            select name from person where name regexp '^[A-Z]' order by name;
            """),
    ]

    static let uintCases: [Case] = [
        script("uint collation and usleep", """
            create table f(n);
            insert into f values ('x10.txt'),('x9.txt'),('x2.txt'),('x02.txt'),('x002'),('x'),('x0'),('X1'),('10'),('9'),('09a'),('9b'),(''),
              ('a1b2'),('a1b10'),('a01b3'),(12),(3),('é2'),('é10'),(null),('0'),('00');
            select n from f order by n collate uint, n;
            select 'x2' < 'x10' collate uint, 'x10' = 'x010' collate uint, 'a' < 'B' collate uint, '9' < 'a' collate uint;
            create table g(n text collate uint primary key);
            insert into g select n from f where n is not null and n not in ('x02.txt','x002','00','09a');
            select n from g order by n;
            select max(n collate uint), min(n collate uint) from f;
            select usleep(1500), usleep(null), usleep('2000'), usleep(2.9), usleep(-5);
            """),
    ]

    @Test(arguments: cases)
    func sqlive_prints_what_sqlite3_prints(_ compat: Case) throws {
        let folder = try TemporaryFolder()
        try SQLite3Oracle.expectSameOutput(compat.arguments, input: Data(compat.script), directory: folder.path)
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
            create view r as select 'abc' regexp 'b' as m, regexpi('B', 'abc') as n, 'x9' < 'x10' collate uint as u;
            """
        let script = "select * from v;\ninsert into t values (2);\nselect * from t2;\nselect value from generate_series(5,7);\nselect * from r;\n"
        var outputs: [String] = []
        for (program, name) in [("/usr/bin/sqlite3", "a.db"), (BinaryRunner.sqlivePath, "b.db")] {
            let setupRun = try BinaryRunner.run("/usr/bin/sqlite3", [name], input: Data(setup.utf8), directory: folder.path)
            #expect(setupRun.status == 0)
            let run = try BinaryRunner.run(program, ["-safe", name], input: Data(script.utf8), directory: folder.path)
            #expect(run.status == 0, "\(program): \(run.stderr)")
            outputs.append(run.stdout)
        }
        #expect(outputs[1] == outputs[0])
        #expect(outputs[1] == "1\n2\n3\n1\n2\n5\n6\n7\n1|1|1\n")
    }
}
