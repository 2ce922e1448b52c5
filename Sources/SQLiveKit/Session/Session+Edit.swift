import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Session {
    /// The editor a person chose: `$VISUAL`, else `$EDITOR`, else `vi`.
    var preferredEditor: String {
        for name in ["VISUAL", "EDITOR"] {
            if let editor = environment.variables[name], !editor.allSatisfy(\.isWhitespace) { return editor }
        }
        return "vi"
    }

    /// Opens `text` in the editor, in a temporary `.sql` file; when the editor exits with
    /// status 0, runs what was saved as a script (statements and meta-commands).
    ///
    /// `.edit` passes the last statement; a front-end can pass the statement being typed
    /// (a key binding), which is why this is public.
    public func editAndRun(_ text: String) throws(Diagnostic) {
        guard !settings.safeMode else {
            throw Diagnostic("editing is disabled in safe mode: it runs other programs", hint: "start sqlive without --safe to use it")
        }
        let path = try Self.writeTemporarySQL(text)
        defer { unlink(path) }
        let editor = preferredEditor
        output.flush()
        let status = try lendingTerminal { () throws(Diagnostic) in
            try ChildProcess(shellCommand: editor, arguments: [path], environment: environment.variables,
                             feedsInput: false).wait()
        }
        guard status == 0 else {
            throw Diagnostic("the editor (\(editor)) exited with status \(status); nothing was run",
                             hint: "set $VISUAL or $EDITOR to the editor to use")
        }
        guard let edited = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw Diagnostic("cannot read \(path) back from the editor")
        }
        let script = edited.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !script.isEmpty else { return }
        if environment.isInteractive {
            output.append(script + "\n")
        }
        var lines = StringLineSource(script)
        ScriptRunner(session: self).run(&lines, source: "edit")
        statements.lastStatement = script
    }

    /// The last statement run, or what `.edit` last ran: the terminal puts an edited
    /// statement into the history.
    public var lastStatementText: String? { statements.lastStatement }

    /// True for a `.edit` line (or a prefix of it).
    public func isEditCommand(_ unit: InputUnit) -> Bool {
        guard unit.kind == .command, let word = CommandLineTokenizer.words(unit.text).first else { return false }
        return commands.command(named: String(word.dropFirst()))?.name == "edit"
    }

    /// A new file `sqlive-edit-XXXXXX.sql` in the temporary folder, holding `text`.
    private static func writeTemporarySQL(_ text: String) throws(Diagnostic) -> String {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder)/sqlive-edit-XXXXXX.sql".utf8CString)
        let fileDescriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
        }
        guard fileDescriptor >= 0 else {
            throw Diagnostic("cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let target = FileDescriptorTarget(fileDescriptor: fileDescriptor, closesOnDeinit: true)
        let contents = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        do {
            try Array(contents.utf8).withUnsafeBytes { try target.write($0) }
        } catch {
            unlink(path)
            throw Diagnostic("cannot write \(path): \(error)")
        }
        return path
    }
}
