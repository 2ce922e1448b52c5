import Foundation
@testable import SQLiveKit
@testable import SQLiveTerminal

/// A session at a pretend terminal of a given size, whose dock paints into a buffer instead
/// of the screen: what ``PaneDock`` writes, byte for byte, without tmux.
final class DockHarness {
    let session: Session
    let output = MemoryTarget()
    let errors = MemoryTarget()
    var size: ScreenSize
    /// Everything the dock wrote, in order.
    private(set) var written: [String] = []
    let waker: MainLoopWaker
    private(set) var dock: PaneDock!

    init(rows: Int = 24, columns: Int = 80, nullValue: String? = nil) throws {
        size = ScreenSize(rows: rows, columns: columns)
        var environment = SessionEnvironment(isInteractive: true, terminalWidth: { columns })
        environment.variables = ["NO_COLOR": "1"]
        var settings = Settings()
        if let nullValue {
            settings.nullValue = nullValue
            settings.nullValueIsSet = true
        }
        session = Session(connection: try DatabaseConnection(OpenOptions(path: ":memory:")), settings: settings,
                          environment: environment, output: output, errorOutput: errors)
        waker = try MainLoopWaker()
        dock = PaneDock(session: session, usesColor: false, screenSize: { [unowned self] in size },
                        write: { [unowned self] in written.append($0) })
        dock.start(waker: waker)
    }

    /// Runs a script as the prompt would, one unit at a time, the dock told after each — once
    /// the refreshes the unit caused have arrived (the prompt does not wait for them: on a
    /// terminal they are painted when they arrive; here they arrive first, so each unit's
    /// bytes are known).
    func run(_ script: String) {
        var splitter = InputSplitter(source: "")
        for line in script.split(separator: "\n") {
            for unit in splitter.feed(String(line)) {
                session.run(unit)
                _ = session.paneBoard.waitUntilSettled(timeout: 30)
                dock.statementDidRun()
            }
        }
        session.output.flush()
    }

    /// What the dock wrote since the last call.
    func takeWritten() -> [String] {
        defer { written.removeAll() }
        return written
    }
}
