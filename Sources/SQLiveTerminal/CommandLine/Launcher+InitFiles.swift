import Foundation
import SQLiveKit

/// The init files run at start: `--init FILE`, or `~/.replrc` and then, with consent, the
/// `.replrc` of the current folder.
extension Launcher {
    /// Runs `--init FILE`; otherwise `~/.replrc` when it exists, then `./.replrc` when the
    /// person at the prompt trusts it (``ProjectInitFile``). `--safe` and `--no-init` run
    /// none. Ctrl-C stops an init file and the prompt comes up; SIGTERM ends the process.
    func runInitFiles(in session: Session, signals: SignalWatcher?, atPrompt: Bool) {
        // --safe is for untrusted databases and shared sessions: no init file runs.
        guard !options.noInit, !options.safe else { return }
        signals?.interrupter.arm(session.connection)
        defer {
            signals?.interrupter.disarm()
            session.stopRequest.clear()
        }
        if let initFile = options.initFile {
            runInitFile(path: initFile, in: session)
            return
        }
        // Without a usable home folder there is no personal init file, and no trust store
        // to consult for the project's: neither runs (the launcher warned why).
        guard let home = session.environment.homeDirectory else { return }
        let personal = HomeFolder.file(".replrc", in: home)
        if HomeFolder.exists(personal) {
            runInitFile(path: personal, in: session)
        }
        // A project's file runs only where someone can be asked: never in batch mode, where
        // nobody could answer and a script's output must not change with the folder it runs in.
        guard atPrompt, session.stopRequest.reason == nil, session.quitRequested == nil,
              let project = ProjectInitFile(folder: FileManager.default.currentDirectoryPath, home: home),
              project.resolvedPath != URL(fileURLWithPath: personal).resolvingSymlinksInPath().path else { return }
        let consent = InitFileConsent(waker: signals?.waker)
        if let text = project.contentIfTrusted(ask: consent.ask, warn: session.warn) {
            var lines = StringLineSource(text)
            ScriptRunner(session: session).run(&lines, source: "./.replrc")
        }
    }

    private func runInitFile(path: String, in session: Session) {
        do {
            var lines = try FileLineSource(path: path)
            ScriptRunner(session: session).run(&lines, source: path)
        } catch {
            session.report(error)
        }
    }
}
