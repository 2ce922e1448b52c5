import GRDB

/// An error for the person at the prompt, as data: what happened, where, and what to try.
///
/// One place, ``DiagnosticPrinter``, turns diagnostics into text, so every error looks the
/// same whether it came from SQLite, a meta-command or the command line. Code decides what
/// to do with a diagnostic by its ``kind`` (an interruption, SQLite's result code), never by
/// its text; any error becomes one through ``init(converting:)``, the one conversion.
public struct Diagnostic: Error, Sendable, Equatable {
    public var message: String
    /// What happened, for code to act on: the message is for people.
    public var kind: Kind
    /// An error counts as a failure (exit status 1); a warning or a notice does not.
    public var severity: Severity
    /// Where the failing input came from; nil for errors at the prompt of an interactive session.
    public var location: SourceLocation?
    /// The offending source text and the UTF-8 offset in it to point at with a caret.
    public var excerpt: Excerpt?
    /// A suggestion on its own line (`did you mean .mode?`).
    public var hint: String?
    /// A last line, not indented: the command line's `Try 'sqlive --help' for the options.`
    public var footer: String?

    public enum Kind: Sendable, Equatable {
        /// A problem sqlive found itself: a bad value, a missing table in a command.
        case general
        /// A command or option used the wrong way (`usage: .mode MODE`).
        case usage
        /// SQLite refused or failed, with its (extended) result code.
        case sqlite(ResultCode)
        /// Stopped by `sqlite3_interrupt`: Ctrl-C, a terminating signal, the pager quit.
        case interrupted
        /// Reading or writing a file, a pipe or a folder failed.
        case io
        /// Refused on purpose: `--safe`, `--readonly`, a file not trusted.
        case refused
        /// A table or column the schema does not have (yet), found by sqlive before SQLite
        /// saw the query: the DSL's "no such table: job".
        case unknownName

        /// SQLite's plain SQLITE_ERROR: among others, what does not compile against the schema
        /// as it is (no such table, no such column), which a schema change may cure. Refusals
        /// (SQLITE_AUTH), locks and I/O have codes of their own.
        public var isSQLiteError: Bool {
            if case .sqlite(let code) = self { return code.primaryResultCode == .SQLITE_ERROR }
            return false
        }

        /// True for what a schema change may cure: SQLite's plain error, or a name the
        /// schema does not have yet. A pane pinned with such an error waits for the schema.
        public var mayBeCuredBySchema: Bool {
            isSQLiteError || self == .unknownName
        }
    }

    public enum Severity: Sendable, Equatable {
        /// A failure: `error: …`, counted for the exit status.
        case error
        /// `warning: …`: something to know, not a failure.
        case warning
        /// A plain line of information on stderr (`imported 3 rows into t in 0.2 s`).
        case notice
    }

    public struct Excerpt: Sendable, Equatable {
        public var text: String
        public var offset: Int
        public init(text: String, offset: Int) {
            self.text = text
            self.offset = offset
        }
    }

    public init(_ message: String, kind: Kind = .general, severity: Severity = .error,
                location: SourceLocation? = nil, excerpt: Excerpt? = nil, hint: String? = nil) {
        self.message = message
        self.kind = kind
        self.severity = severity
        self.location = location
        self.excerpt = excerpt
        self.hint = hint
    }

    /// A warning: printed as `warning: …`, not counted as a failure.
    public static func warning(_ message: String) -> Diagnostic {
        Diagnostic(message, severity: .warning)
    }

    /// A notice: printed as it is, not counted as a failure.
    public static func notice(_ message: String) -> Diagnostic {
        Diagnostic(message, severity: .notice)
    }

    /// A wrong option or argument on the command line (exit status 2), pointing to `--help`.
    public static func commandLineUsage(_ message: String) -> Diagnostic {
        var diagnostic = Diagnostic(message, kind: .usage)
        diagnostic.footer = "Try 'sqlive --help' for the options."
        return diagnostic
    }

    /// The one conversion of any error into a diagnostic: a diagnostic stays itself, a
    /// SQLite error keeps its result code (an interruption is ``Kind/interrupted``), an
    /// output error is I/O; anything else keeps its description.
    public init(converting error: any Error) {
        switch error {
        case let diagnostic as Diagnostic:
            self = diagnostic
        case let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT:
            self.init("interrupted", kind: .interrupted)
        case let error as DatabaseError:
            self.init(error.message ?? error.description, kind: .sqlite(error.extendedResultCode))
        case let error as OutputWriteError:
            self.init("\(error)", kind: .io)
        default:
            self.init("\(error)")
        }
    }

    /// The same diagnostic with `context` before its message (`.import data.csv: …`).
    public func prefixed(_ context: String) -> Diagnostic {
        var copy = self
        copy.message = context + message
        return copy
    }

    /// True for a statement stopped by `sqlite3_interrupt` (Ctrl-C or a signal): when a
    /// signal ends the process, its closing line replaces this error.
    public var isInterruption: Bool { kind == .interrupted }
}

/// Renders diagnostics as the lines written to stderr:
///
///     error: demo.sql:3: no such table: playr
///       select * from playr;
///                     ^
public struct DiagnosticPrinter: Sendable {
    public var usesColor: Bool
    /// Standard error is a terminal: control characters in messages (a table name, a value,
    /// a file name quoted from an untrusted database) are made visible, `^[` for ESC.
    public var showsControlCharacters: Bool

    public init(usesColor: Bool = false, showsControlCharacters: Bool = false) {
        self.usesColor = usesColor
        self.showsControlCharacters = showsControlCharacters
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var text = switch (diagnostic.severity, usesColor) {
        case (.error, true): "\u{1B}[1;31merror:\u{1B}[0m "
        case (.error, false): "error: "
        case (.warning, true): "\u{1B}[1;33mwarning:\u{1B}[0m "
        case (.warning, false): "warning: "
        case (.notice, _): ""
        }
        if let location = diagnostic.location {
            text += visible("\(location): ")
        }
        text += visible(diagnostic.message)
        text += "\n"
        if let excerpt = diagnostic.excerpt, let caret = Self.caretLines(excerpt, caret: usesColor ? "\u{1B}[1;32m^\u{1B}[0m" : "^") {
            text += caret
        }
        if let hint = diagnostic.hint.map(visible) {
            text += usesColor ? "  \u{1B}[36m\(hint)\u{1B}[0m\n" : "  \(hint)\n"
        }
        if let footer = diagnostic.footer {
            text += visible(footer) + "\n"
        }
        return text
    }

    /// A progress line on a terminal (a bar, "migrating 3: 2.1 s"), drawn over the previous
    /// one; nil erases it. `dimmed` for a line that only says time passes (`running 3.2 s`).
    public func renderProgress(_ line: String?, dimmed: Bool = false) -> String {
        guard let line = line.map(visible) else { return "\r\u{1B}[2K" }
        return "\r\u{1B}[2K" + (dimmed && usesColor ? "\u{1B}[2m\(line)\u{1B}[0m" : line)
    }

    private func visible(_ text: String) -> String {
        showsControlCharacters ? VisibleControlCharacters.of(text) : text
    }

    /// A quoted line longer than this many characters is cut around the caret.
    static let excerptLimit = 160
    /// Characters of a cut line kept on each side of the caret.
    static let excerptSide = 70

    /// The line of the excerpt holding the offset, and a caret under the offset's column;
    /// a line longer than ``excerptLimit`` keeps ``excerptSide`` characters either side.
    static func caretLines(_ excerpt: Diagnostic.Excerpt, caret: String = "^") -> String? {
        let bytes = Array(excerpt.text.utf8)
        guard excerpt.offset >= 0, excerpt.offset <= bytes.count else { return nil }
        let lineStart = bytes[..<excerpt.offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = bytes[excerpt.offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var prefix = String(decoding: bytes[lineStart..<excerpt.offset], as: UTF8.self)
        var suffix = String(decoding: bytes[excerpt.offset..<lineEnd], as: UTF8.self)
        // A line quoted from a file is cut short around the caret: an error in a file that is
        // not SQL (`.read /proc/self/environ`) must not print the file, nor a 10 MB line.
        if prefix.count + suffix.count > excerptLimit {
            if prefix.count > excerptSide {
                prefix = "…" + prefix.suffix(excerptSide - 1)
            }
            if suffix.count > excerptSide {
                suffix = suffix.prefix(excerptSide - 1) + "…"
            }
        }
        // Keep tabs in the padding so the caret lines up under tab-indented SQL.
        let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
        let cleanLine = (prefix + suffix).replacingControlCharacters()
        return "  \(cleanLine)\n  \(padding)\(caret)\n"
    }
}

extension String {
    /// Control characters (C0, DEL and C1) shown as `?` so an excerpt can't move the cursor
    /// or ring the bell, and the bidirectional controls so it can't reverse the rest of the
    /// line; one column each, so a caret under the text still lines up.
    func replacingControlCharacters() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || VisibleControlCharacters.isBidirectionalControl(scalar) ? "?" : scalar
        }))
    }
}
