import Testing
@testable import SQLiveKit

/// DSL queries pinned as panes keep what they mean in Swift: a key of any type refreshes the
/// pane when its row changes (SQLite compares `'7'` with an INTEGER PRIMARY KEY as 7, where
/// GRDB's region was empty), and each fetch method shows what it returns.
@Suite struct DSLPinnedFormsTests {
    static func genres() throws -> TestSession {
        let test = try TestSession()
        test.run("""
            CREATE TABLE genre(id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO genre VALUES (7, 'Jazz'), (8, 'Rock');
            """)
        return test
    }

    @Test func a_text_key_refreshes_when_its_row_changes() throws {
        let test = try Self.genres()
        let output = test.run("""
            .pin genre.filter(key: "7")
            UPDATE genre SET name = 'Blues' WHERE id = 8;
            UPDATE genre SET name = 'Bebop' WHERE id = 7;
            """)
        #expect(output == """
            -- pane 1 (genre): pinned
            7|Jazz
            -- pane 1 (genre): update genre(name)[7]
            7|Bebop

            """)
    }

    @Test func mixed_keys_and_comparisons_observe_each_row_sqlite_matches() throws {
        let test = try Self.genres()
        let output = test.run("""
            .pin genre.filter(keys: ["7", 8]).select(name)
            .pin genre.filter(id == " 8 " || id === "nine").select(name)
            UPDATE genre SET name = 'Bebop' WHERE id = 7;
            UPDATE genre SET name = 'Punk' WHERE id = 8;
            """)
        #expect(output == """
            -- pane 1 (genre): pinned
            Jazz
            Rock
            -- pane 2 (genre-2): pinned
            Rock
            -- pane 1 (genre): update genre(name)[7]
            Bebop
            Rock
            -- pane 1 (genre): update genre(name)[8]
            Bebop
            Punk
            -- pane 2 (genre-2): update genre(name)[8]
            Punk

            """)
    }

    @Test func region_names_the_row_of_a_text_key() throws {
        let test = try Self.genres()
        #expect(test.run(#".region genre.filter(key: "7")"#) == "genre(id,name)[7]\n")
        #expect(test.run(#".region genre.filter(keys: ["7", "x", 8.0])"#) == "genre(id,name)[7,8]\n")
        #expect(test.run(#".region genre.filter(key: "7").fetchCount()"#) == "genre(*)[7]\n")
    }

    @Test func region_prints_empty_on_its_own_line_before_its_warnings() throws {
        let test = try Self.genres()
        // 'x' is no integer: SQLite's comparison matches no rowid, and the region is empty.
        #expect(test.run(#".region genre.filter(key: "x")"#) == "empty\n")
        #expect(test.errorText == """
            warning: the query reads no table: it never refreshes by itself (.refresh runs it again)

            """)
    }

    @Test func fetch_methods_keep_their_meaning_in_a_pane() throws {
        let test = try Self.genres()
        let output = test.run("""
            .pin genre.fetchCount()
            .pin genre.order(name).fetchOne()
            .pin genre.filter(name == "Punk").isEmpty()
            .pin genre.filter(name == "Punk").exists()
            INSERT INTO genre VALUES (9, 'Punk');
            """)
        #expect(output == """
            -- pane 1 (genre): pinned
            2
            -- pane 2 (genre-2): pinned
            7|Jazz
            -- pane 3 (genre-3): pinned
            1
            -- pane 4 (genre-4): pinned
            0
            -- pane 1 (genre): insert genre[9]
            3
            -- pane 3 (genre-3): insert genre[9]
            0
            -- pane 4 (genre-4): insert genre[9]
            1

            """)
    }

    /// GRDB's `fetchOne()` returns the first row of a limited request, never more: typed or
    /// pinned, the DSL shows that one row (it showed the whole limit).
    @Test func fetch_one_after_limit_shows_one_row() throws {
        let test = try Self.genres()
        test.run("INSERT INTO genre VALUES (9, 'Punk'), (10, 'Soul');")
        #expect(test.run("genre.limit(3).fetchOne()") == "7|Jazz\n")
        #expect(test.run("genre.order(name.desc).limit(2, offset: 1).fetchOne()") == "8|Rock\n")
        #expect(test.run("genre.limit(0, offset: 1).fetchOne()") == "")
        #expect(test.run(".sql genre.limit(3, offset: 2).fetchOne()") == "SELECT * FROM \"genre\" LIMIT 1 OFFSET 2;\n")
        let output = test.run("""
            .pin genre.order(name).limit(3).fetchOne()
            UPDATE genre SET name = 'Acid Jazz' WHERE id = 9;
            """)
        #expect(output == """
            -- pane 1 (genre): pinned
            7|Jazz
            -- pane 1 (genre): update genre(name)[9]
            9|Acid Jazz

            """)
        #expect(test.errorText == "")
    }
}
