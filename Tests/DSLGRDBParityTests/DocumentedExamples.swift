import Foundation

/// The examples of docs/DSL.md: each `swift` block and the info of the block after it
/// (`sql` for a query that runs, `text` for an error).
enum DocumentedExamples {
    /// The texts of the fenced blocks with that info string.
    static func blocks(of page: String, info: String) -> [String] {
        fenced(page).filter { $0.info == info }.map(\.text)
    }

    /// Each `swift` block with the info string of the block after it.
    static func examples(of page: String) -> [(text: String, next: String)] {
        let blocks = fenced(page)
        return zip(blocks, blocks.dropFirst()).filter { $0.0.info == "swift" }.map { ($0.0.text, $0.1.info) }
    }

    private static func fenced(_ page: String) -> [(info: String, text: String)] {
        // Fences alternate: an opening line "```info", then the closing "```".
        let parts = page.components(separatedBy: "\n```")
        return stride(from: 1, to: parts.count - 1, by: 2).map { index in
            let lines = parts[index].split(separator: "\n", omittingEmptySubsequences: false)
            return (String(lines.first ?? ""), lines.dropFirst().joined(separator: "\n"))
        }
    }
}
