import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Tab completion of meta-command arguments: file names for the commands that read or write
/// files, SQL and DSL for a QUERY argument (`.pin`), and no space before text that follows
/// the cursor.
@Suite struct CompletionArgumentTests {
    let shop: TestSession
    let folder: TemporaryFolder

    init() throws {
        shop = try ShopDatabase.session()
        folder = try TemporaryFolder()
        for name in ["report.sql", "restock.sql", ".hidden.sql"] {
            try Data().write(to: URL(fileURLWithPath: folder.path(name)))
        }
        try FileManager.default.createDirectory(atPath: folder.path("migrations"), withIntermediateDirectories: true)
    }

    private func complete(_ line: String, after restOfLine: String = "") -> Completion {
        CompletionProvider.standard.completion(for: CompletionRequest(line: line, restOfLine: restOfLine), in: shop.session)
    }

    @Test(arguments: [".read", ".open", ".output", ".once", ".import"])
    func file_arguments_complete_from_the_folder_typed(command: String) {
        let base = folder.url.path + "/"
        let completion = complete("\(command) \(base)re")
        #expect(completion.word == base + "re")
        #expect(completion.candidates == [base + "report.sql", base + "restock.sql"])
        #expect(complete("\(command) \(base)rep").replacement == base + "report.sql ")
    }

    @Test func a_folder_completes_with_a_slash_and_no_space_and_hidden_files_only_when_asked() {
        let base = folder.url.path + "/"
        #expect(complete(".read \(base)mig").replacement == base + "migrations/")
        #expect(complete(".read \(base).hid").candidates == [base + ".hidden.sql"])
        #expect(!complete(".read \(base)").candidates.contains(base + ".hidden.sql"))
    }

    @Test func migrate_offers_folders_and_its_options() {
        let base = folder.url.path + "/"
        #expect(complete(".migrate \(base)").candidates == [base + "migrations/"])
        #expect(complete(".migrate --d").candidates == ["--dry-run"])
    }

    @Test func import_completes_the_file_then_the_table() {
        let base = folder.url.path + "/"
        #expect(complete(".import --csv \(base)rep").candidates == [base + "report.sql"])
        #expect(complete(".import --skip 1 \(base)report.sql prod").candidates == ["product"])
    }

    /// `.import FILE my⇥` inserted `my table` unquoted, and `.import` took `my` for the table.
    @Test func an_argument_with_a_space_completes_in_double_quotes() {
        _ = shop.run(#"CREATE TABLE "my table"(a); CREATE TABLE "back\slash"(a);"#)
        let base = folder.url.path + "/"
        #expect(complete(".import \(base)report.sql my").replacement == #""my table" "#)
        #expect(complete(".import \(base)report.sql \"my").replacement == #""my table" "#)
        #expect(complete(".import \(base)report.sql back").replacement == #""back\\slash" "#)
        #expect(CommandLineTokenizer.words(#".import f "back\\slash""#) == [".import", "f", #"back\slash"#])
    }

    @Test func pin_completes_its_query_as_dsl_or_sql() {
        // The first word is a table (DSL) or a keyword (SQL), as at the prompt.
        #expect(complete(".pin prod").candidates == ["product"])
        #expect(complete(".pin --rows 5 product.fil") == Completion(word: "fil", candidates: ["filter"]))
        #expect(complete(".pin --name cheap --dedupe product.filter(pri").candidates == ["price"])
        #expect(complete(".pin SELECT * FROM cust").candidates == ["customer"])
        #expect(complete(".pin --name pro").candidates.isEmpty)
        #expect(complete(".export out.csv product.ord").candidates == ["order", "orderByPrimaryKey"])
    }

    @Test func a_completed_word_gets_no_space_before_text_that_follows() {
        #expect(complete("product.order(pr", after: ".desc)").replacement == "price")
        #expect(complete("product.order(pr", after: "").replacement == "price ")
        #expect(complete("product.order(pr", after: " ").replacement == "price ")
    }
}
