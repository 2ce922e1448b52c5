/// Prints panes and stored rows in the current mode, as a statement's result prints: the
/// pane blocks of scripts and `.pane`, the tables of `.panes` and `.why`. Made from the
/// session's parts (``Session/panePrinter``), so a ``PaneScope`` prints without the session.
struct PanePrinter {
    let settings: SettingsStore
    let outputs: OutputRouter
    let environment: SessionEnvironment

    /// Prints one pane as a block: its header, then its error or its rows in the current mode.
    /// `note` says why what follows is not the committed state yet (``PaneBoard/waitNote(for:)``).
    func printPane(_ pane: Pane, cause: String?, note: String? = nil) {
        let output = outputs.results
        let cause = cause ?? pane.lastCause?.description ?? RefreshCause.pinned.description
        output.append("-- pane \(pane.id) (\(pane.name)): \(cause)\n")
        if let note { output.append("-- \(note)\n") }
        if case .failed(let message) = pane.status {
            output.append("-- error: \(message)\n")
            return
        }
        guard let result = pane.result else { return }
        renderRows(result.rows, columns: result.columns)
        if result.hasMore {
            output.append("-- showing the first \(result.rows.count) rows; the query has more (.pin --rows N keeps more)\n")
        }
    }

    /// Renders stored rows in the current mode, as a statement's result would be.
    func renderRows(_ rows: [StoredRow], columns: [String]) {
        let current = settings.current
        let renderer = current.mode.makeRenderer(RenderContext(settings: current, outputs: outputs, environment: environment))
        renderer.begin(columns: columns)
        for row in rows {
            renderer.write(row: row)
        }
        renderer.finish()
    }
}
