/// `.export FILE QUERY`: writes the result of one query to a file, in the current mode.
struct ExportCommand: QueryCommand {
    let name = "export"
    let usage = "FILE QUERY"
    let summary = "write the result of QUERY to FILE, in the current mode"
    let details = """
        .export FILE QUERY runs QUERY and writes its result to FILE (created, or emptied first)
        in the current mode, with the current .headers, .separator and .nullvalue settings.
        The screen shows nothing; the next statement writes to the screen again.
        Quote a FILE with spaces. Example:
          .mode csv
          .headers on
          .export albums.csv SELECT * FROM album ORDER BY title;
        """

    func run(text: String, in session: Session) throws(Diagnostic) {
        guard let (path, query) = CommandLineTokenizer.firstWord(of: text) else {
            throw usageError("missing FILE and QUERY")
        }
        try session.withOutput(toFile: path) { () throws(Diagnostic) in
            try runQuery(query, in: session)
        }
    }
}
