import Foundation
import Testing
@testable import SQLiveKit

/// docs/DSL.md and the DSL can't drift apart: every `swift` example of the page compiles to
/// the SQL of the `sql` block after it (as `.sql` prints it) and runs, or fails with the error
/// of the `text` block after it. `sql schema` blocks are run on the shop first.
@Suite struct DSLDocumentationTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var query: String
        var expected: String
        var isError: Bool
        var line: Int
        var testDescription: String { "line \(line): \(query)" }
    }

    struct Block {
        var info: String
        var text: String
        var line: Int
    }

    static let page: String = (try? String(contentsOf: ShopDatabase.repositoryRoot.appendingPathComponent("docs/DSL.md"), encoding: .utf8)) ?? ""

    /// The fenced code blocks of a Markdown page, with their info strings.
    static func blocks(of markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = Block(info: String(line.dropFirst(3)), text: "", line: index + 1)
                }
            } else if var block = current {
                block.text += (block.text.isEmpty ? "" : "\n") + line
                current = block
            }
        }
        return blocks
    }

    static var schema: String {
        blocks(of: page).filter { $0.info == "sql schema" }.map(\.text).joined(separator: "\n")
    }

    static var examples: [Example] {
        let blocks = blocks(of: page)
        return blocks.indices.compactMap { index -> Example? in
            guard blocks[index].info == "swift", index + 1 < blocks.count else { return nil }
            let next = blocks[index + 1]
            return Example(query: blocks[index].text, expected: next.text, isError: next.info == "text", line: blocks[index].line)
        }
    }

    @Test func every_swift_example_is_followed_by_its_sql_or_its_error() {
        let blocks = Self.blocks(of: Self.page)
        #expect(Self.examples.count >= 40)
        for (index, block) in blocks.enumerated() where block.info == "swift" {
            let next = index + 1 < blocks.count ? blocks[index + 1].info : "nothing"
            #expect(next == "sql" || next == "text", "the example at line \(block.line) is followed by \(next)")
        }
    }

    /// The queries the prose writes inline (`` `Table("product").filter(…)` ``): each starts
    /// with a table of the shop, or `Table("…")`, and chains methods.
    static func inlineQueries(tables: Set<String>) -> [String] {
        var prose = ""
        for (index, part) in page.components(separatedBy: "\n```").enumerated() where index % 2 == 0 {
            prose += part.replacingOccurrences(of: "\n", with: " ")
        }
        let spans = prose.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return spans.filter { span in
            guard let match = span.firstMatch(of: /^(?:Table\("([^"]+)"\)|(\w+))\.\w+\(/) else { return false }
            return tables.contains(String(match.output.1 ?? match.output.2 ?? ""))
        }
    }

    @Test func queries_written_in_the_prose_run_too() throws {
        let shop = try ShopDatabase.session(adding: Self.schema)
        let tables = Set(shop.run("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view');").split(separator: "\n").map(String.init))
        let queries = Self.inlineQueries(tables: tables)
        #expect(!queries.isEmpty)
        for query in queries {
            shop.run(query, source: "")
            #expect(shop.errorText == "", "docs/DSL.md writes \(query), which fails")
        }
    }

    @Test(arguments: examples)
    func documented_example(_ example: Example) throws {
        let shop = try ShopDatabase.session(adding: Self.schema)
        if example.isError {
            shop.run(example.query, source: "")
            #expect(shop.errorText == example.expected + "\n")
        } else {
            #expect(shop.run(".sql " + example.query, source: "") == example.expected + "\n")
            #expect(shop.errorText == "")
            shop.run(example.query, source: "")
            // Warnings (a count that skipped NULL) are no errors.
            #expect(shop.errorText.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: ") })
        }
    }
}
