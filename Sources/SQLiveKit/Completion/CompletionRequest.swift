/// What tab completion looks at: the statement typed so far, up to the cursor.
///
/// The terminal builds one on each Tab from the lines of a pending statement and the line
/// being edited, cut at the cursor:
///
///     let request = CompletionRequest(pendingText: "SELECT *", line: "FROM alb")
///     request.statementText   // "SELECT *\nFROM alb"
///     request.isMetaCommand   // false
public struct CompletionRequest: Sendable, Equatable {
    /// The lines of the statement entered before this one (empty when none is pending).
    public var pendingText: String
    /// The line being edited, from its start to the cursor.
    public var line: String
    /// The rest of the line, after the cursor: it may name the tables (`SELECT ti⇥ FROM t`).
    public var restOfLine: String

    public init(pendingText: String = "", line: String, restOfLine: String = "") {
        self.pendingText = pendingText
        self.line = line
        self.restOfLine = restOfLine
    }

    /// The statement up to the cursor: the pending lines, then the current line.
    public var statementText: String {
        pendingText.isEmpty ? line : pendingText + "\n" + line
    }

    /// True for a meta-command line: a `.` first, with no statement pending (as the input
    /// splitter decides).
    public var isMetaCommand: Bool {
        pendingText.isEmpty && line.first(where: { $0 != " " && $0 != "\t" }) == "."
    }
}
