import Testing
@testable import SQLiveKit

/// Tab completion's candidates, asked in-process of the provider the terminal uses.
@Suite struct CompletionTests {
    private let test: TestSession

    init() throws {
        test = try TestSession()
        test.run("""
            CREATE TABLE albums(AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER);
            CREATE TABLE artists(ArtistId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE "order items"(id INTEGER, "unit price" REAL);
            CREATE VIEW album_titles AS SELECT Title FROM albums;
            """)
    }

    private func complete(_ line: String, after restOfLine: String = "", pending: String = "",
                          provider: CompletionProvider = .standard) -> Completion {
        let request = CompletionRequest(pendingText: pending, line: line, restOfLine: restOfLine)
        return provider.completion(for: request, in: test.session)
    }

    // MARK: - Meta-commands

    @Test func a_meta_command_name_completes_after_the_dot() {
        let completion = complete(".hea")
        #expect(completion == Completion(word: ".hea", candidates: [".headers"]))
        #expect(completion.replacement == ".headers ")
    }

    @Test func an_ambiguous_meta_command_name_lists_every_match() {
        let completion = complete(".he")
        #expect(completion.candidates == [".headers", ".help"])
        #expect(completion.replacement == nil)
        #expect(completion.listing(width: 80) == ".headers  .help\n")
    }

    /// Names come from the database: an untrusted one could hold escape sequences, which
    /// the listing under the prompt shows instead of sending to the terminal.
    @Test func a_listing_shows_control_characters_in_names() {
        test.run("CREATE TABLE \"zz\u{1B}[2Ja\"(x);\nCREATE TABLE \"zz\u{1B}]0;b\u{07}\"(x);")
        let completion = complete("SELECT * FROM zz")
        #expect(completion.candidates.count == 2)
        #expect(completion.listing(width: 80).contains("^[[2J"), "\(completion.listing(width: 80))")
        #expect(!completion.listing(width: 80).contains("\u{1B}"))
    }

    @Test func meta_command_aliases_are_candidates_too() {
        #expect(complete(".exi").candidates == [".exit"])
    }

    @Test func meta_command_arguments_come_from_the_command() {
        #expect(complete(".mode cs") == Completion(word: "cs", candidates: ["csv"]))
        #expect(complete(".headers ").candidates == ["off", "on"])
        #expect(complete("  .schema al") == Completion(word: "al", candidates: ["album_titles", "albums"]))
    }

    @Test func a_command_typed_by_its_prefix_still_completes_its_arguments() {
        #expect(complete(".hea o").candidates == ["off", "on"])
    }

    @Test func an_unknown_command_or_an_extra_argument_completes_nothing() {
        #expect(complete(".nosuch x").candidates.isEmpty)
        #expect(complete(".mode csv x").candidates.isEmpty)
    }

    @Test func a_dot_inside_a_pending_statement_is_sql_not_a_command() {
        #expect(complete("al", pending: "SELECT * FROM").candidates == ["album_titles", "albums"])
        #expect(complete(".he", pending: "SELECT albums").candidates.isEmpty)
    }

    // MARK: - SQL keywords

    @Test func keywords_follow_the_case_the_user_types() {
        #expect(complete("sel").candidates == ["select"])
        #expect(complete("SEL").candidates == ["SELECT"])
        #expect(complete("Sel").candidates == ["SELECT"])
        #expect(complete("sel").replacement == "select ")
    }

    @Test func ambiguous_keywords_complete_their_shared_beginning() {
        let completion = complete("SELECT 1 UNION INTERS")
        #expect(completion.candidates == ["INTERSECT"])
        #expect(complete("cre").candidates == ["create"])
        #expect(complete("tr").replacement == nil)
        #expect(complete("tr").candidates == ["transaction", "trigger"])
    }

    @Test func nothing_is_offered_for_an_empty_word_outside_a_table_position() {
        #expect(complete("SELECT ").candidates.isEmpty)
        #expect(complete("").candidates.isEmpty)
    }

    @Test func nothing_is_completed_inside_a_string_or_a_comment() {
        #expect(complete("SELECT 'al").candidates.isEmpty)
        #expect(complete("SELECT 1 -- al").candidates.isEmpty)
        #expect(complete("SELECT /* al").candidates.isEmpty)
        #expect(complete("SELECT 'x', al").candidates == ["AlbumId", "album_titles", "albums", "all", "alter", "always"])
    }

    // MARK: - Tables and columns

    @Test func only_tables_follow_FROM_JOIN_INTO_UPDATE() {
        #expect(complete("SELECT * FROM ar").candidates == ["artists"])
        #expect(complete("select * from albums join ar").candidates == ["artists"])
        #expect(complete("INSERT INTO al").candidates == ["album_titles", "albums"])
        #expect(complete("UPDATE ").candidates == ["album_titles", "albums", "artists", "\"order items\""])
    }

    @Test func table_names_match_whatever_the_case_typed() {
        #expect(complete("SELECT * FROM ART") == Completion(word: "ART", candidates: ["artists"]))
        #expect(complete("SELECT * FROM ART").replacement == "artists ")
    }

    @Test func a_qualified_name_completes_that_table_columns() {
        #expect(complete("SELECT albums.") == Completion(word: "", candidates: ["AlbumId", "ArtistId", "Title"]))
        #expect(complete("SELECT artists.n").candidates == ["Name"])
        #expect(complete("SELECT album_titles.").candidates == ["Title"])
        #expect(complete("SELECT nosuch.").candidates.isEmpty)
    }

    @Test func an_alias_completes_its_table_columns_even_when_defined_after_the_cursor() {
        #expect(complete("SELECT a.Ti", after: " FROM albums a").candidates == ["Title"])
        #expect(complete("SELECT * FROM artists AS r WHERE r.").candidates == ["ArtistId", "Name"])
    }

    @Test func columns_come_from_the_tables_the_statement_names() {
        #expect(complete("SELECT * FROM artists WHERE Na").candidates == ["Name", "NATURAL"])
        #expect(complete("SELECT Ti").candidates == ["Title", "TIME(", "TIES"])
        #expect(complete("SELECT Ti", after: " FROM artists").candidates == ["TIME(", "TIES"])
    }

    @Test func after_where_set_on_and_by_the_columns_in_scope_come_with_nothing_typed() {
        let columns = ["AlbumId", "ArtistId", "Title"]
        #expect(complete("SELECT * FROM albums WHERE ").candidates == columns)
        #expect(complete("select * from albums a where a.Title = 'x' and ").candidates == columns)
        #expect(complete("UPDATE artists SET ").candidates == ["ArtistId", "Name"])
        #expect(complete("SELECT * FROM albums JOIN artists ON ").candidates == ["AlbumId", "ArtistId", "Name", "Title"])
        #expect(complete("SELECT Title FROM albums ORDER BY ").candidates == columns)
        #expect(complete("SELECT count(*) FROM albums GROUP BY ").candidates == columns)
        #expect(complete("SELECT ", after: " FROM artists").candidates == ["ArtistId", "Name"])
        #expect(complete("INSERT INTO artists(").candidates == ["ArtistId", "Name"])
    }

    @Test func columns_come_first_then_functions_tables_and_keywords_last() {
        #expect(complete("SELECT * FROM albums WHERE a").candidates.prefix(4) == ["AlbumId", "ArtistId", "abs(", "acos("])
        #expect(complete("SELECT * FROM albums WHERE a").candidates.last == "autoincrement")
        #expect(complete("SELECT coun").candidates == ["count("])
        // A function's `(` takes no space after it: the arguments follow.
        #expect(complete("SELECT coun").replacement == "count(")
        #expect(complete("SELECT UPP").candidates == ["UPPER("])
    }

    @Test func a_word_no_name_starts_matches_the_names_holding_its_letters_in_order() {
        #expect(complete("SELECT * FROM arts").candidates == ["artists"])
        #expect(complete("SELECT * FROM arts").replacement == "artists ")
        #expect(complete("SELECT * FROM albums WHERE ttl").candidates == ["Title", "total(", "total_changes(", "album_titles"])
        #expect(complete("SELECT * FROM zzq").candidates.isEmpty)
    }

    @Test func a_comma_in_the_from_clause_asks_for_another_table() {
        #expect(complete("SELECT * FROM albums, ar").candidates == ["artists"])
        #expect(complete("SELECT Title, Ar", after: " FROM albums").candidates == ["ArtistId", "artists"])
    }

    @Test func the_lines_of_a_pending_statement_count() {
        #expect(complete("WHERE Art", pending: "SELECT *\nFROM artists").candidates == ["ArtistId", "artists"])
        #expect(complete("WHERE Ti", pending: "SELECT *\nFROM artists").candidates == ["TIME(", "TIES"])
    }

    @Test func an_earlier_statement_on_the_line_does_not_count() {
        #expect(complete("SELECT * FROM albums; SELECT ").candidates.isEmpty)
        #expect(complete("SELECT * FROM artists; SELECT Na").candidates == ["Name", "NATURAL"])
    }

    @Test func names_that_are_not_plain_identifiers_are_offered_quoted() {
        #expect(complete("SELECT * FROM ord") == Completion(word: "ord", candidates: ["\"order items\""]))
        #expect(complete("SELECT * FROM \"or") == Completion(word: "\"or", candidates: ["\"order items\""]))
        #expect(complete("SELECT \"order items\".un").candidates == ["\"unit price\""])
    }

    // MARK: - Results and sources

    @Test func the_replacement_is_the_shared_prefix_when_it_says_more_than_the_word() {
        #expect(Completion(word: "al", candidates: ["albums", "album_titles"]).replacement == "album")
        #expect(Completion(word: "x", candidates: []).replacement == nil)
        #expect(Completion(word: "a", candidates: ["b", "a", "A"]).candidates == ["a", "b"])
    }

    /// `LIMIT 2⇥` listed `atan2(`, `log2(`… (letters in order): a number is no name.
    @Test func a_number_completes_to_nothing() {
        #expect(complete("SELECT * FROM albums LIMIT 2").candidates.isEmpty)
        #expect(complete("SELECT 1e").candidates.isEmpty)
        #expect(complete("SELECT * FROM albums WHERE AlbumId = 0x1").candidates.isEmpty)
    }

    /// In the example shop, `FROM product ORDER BY ⇥` offered the columns of its table
    /// `"order"` too: the keyword ORDER was taken for that table.
    @Test func a_reserved_keyword_does_not_bring_the_table_named_like_it_into_scope() {
        test.run(#"CREATE TABLE "order"(placedOn TEXT); CREATE TABLE "group"(leader TEXT);"#)
        #expect(complete("SELECT * FROM artists ORDER BY ").candidates == ["ArtistId", "Name"])
        #expect(complete("SELECT count(*) FROM artists GROUP BY ").candidates == ["ArtistId", "Name"])
        #expect(complete(#"SELECT * FROM "order" ORDER BY "#).candidates == ["placedOn"])
    }

    @Test func a_new_kind_of_input_adds_a_source_in_front_of_sql() {
        struct QuerySource: CompletionSource {
            func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion? {
                guard !SQLKeywords.startsSQLStatement(request.statementText) else { return nil }
                let word = String(request.line.split(separator: ".").last ?? "")
                return Completion(word: word, candidates: ["filter", "fetchAll"].filter { $0.hasPrefix(word) })
            }
        }
        let provider = CompletionProvider(sources: [MetaCommandCompletionSource(), QuerySource(), SQLCompletionSource()])
        #expect(complete("albums.f", provider: provider).candidates == ["fetchAll", "filter"])
        #expect(complete("SELECT * FROM ar", provider: provider).candidates == ["artists"])
        #expect(complete(".hea", provider: provider).candidates == [".headers"])
    }
}

