/// A block a script prints for a pane: the header `-- pane ID (NAME): CAUSE`, then the
/// pane's rows or `-- error: …`, up to the next block or the end of the output.
struct PaneScriptBlock: Equatable {
    var paneID: Int
    var body: [String]

    /// The blocks of a script's output, in order.
    static func all(in output: String) -> [PaneScriptBlock] {
        var blocks: [PaneScriptBlock] = []
        let text = output.hasSuffix("\n") ? output.dropLast() : Substring(output)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- pane "), let id = Int(line.dropFirst(8).prefix { $0.isNumber }) {
                blocks.append(PaneScriptBlock(paneID: id, body: []))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].body.append(String(line))
            }
        }
        return blocks
    }
}

/// A pane that differs from its query run fresh, with what it takes to replay it.
struct PaneMismatch: CustomStringConvertible {
    let workload: PaneWorkload
    /// The index of the step after which the panes differed; nil: right after the setup.
    let step: Int?
    let pane: String
    let query: String
    /// What differs: what the pane shows, or the last block the script printed for it.
    let aspect: String
    let expected: String
    let shown: String
    let script: [String]

    var description: String {
        let seed = workload.seed.map { "seed \($0)" } ?? "fixed scenario"
        let when = step.map { "after step \($0) of \(workload.steps.count)" } ?? "after the setup"
        let replay = workload.seed.map {
            "\nReplay: SQLIVE_DIFF_SEED=\($0) SQLIVE_DIFF_STATEMENTS=\(workload.steps.count) swift test --skip-build --filter PaneDifferentialTests"
        } ?? ""
        return """
            What a pane \(aspect) differs from its query run fresh (\(seed), \(workload.storage) database, \(when)).
            \(pane): \(query)
            -- expected (\(aspect == "shows" ? "the query run fresh" : "what .pane prints, equal to the query run fresh")):
            \(expected)
            -- \(aspect):
            \(shown)
            -- the script so far (the last line is the statement after which they differ):
            \(script.joined(separator: "\n"))\(replay)
            """
    }
}
