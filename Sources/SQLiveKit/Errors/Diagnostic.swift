/// An error for the person at the prompt, as data: what happened, where, and what to try.
///
/// One place, ``DiagnosticPrinter``, turns diagnostics into text, so every error looks the
/// same whether it came from SQLite, a meta-command or the command line.
public struct Diagnostic: Error, Sendable, Equatable {
    public var message: String
    /// Where the failing input came from; nil for errors at the prompt of an interactive session.
    public var location: SourceLocation?
    /// The offending source text and the UTF-8 offset in it to point at with a caret.
    public var excerpt: Excerpt?
    /// A suggestion on its own line (`did you mean .mode?`).
    public var hint: String?

    public struct Excerpt: Sendable, Equatable {
        public var text: String
        public var offset: Int
        public init(text: String, offset: Int) {
            self.text = text
            self.offset = offset
        }
    }

    public init(_ message: String, location: SourceLocation? = nil, excerpt: Excerpt? = nil, hint: String? = nil) {
        self.message = message
        self.location = location
        self.excerpt = excerpt
        self.hint = hint
    }
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
        var text = usesColor ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: "
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
        return text
    }

    /// A warning line: `warning: …`, the label in yellow on a colour terminal.
    public func renderWarning(_ message: String) -> String {
        (usesColor ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + visible(message) + "\n"
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
    /// or ring the bell; one column each, so a caret under the text still lines up.
    func replacingControlCharacters() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
        }))
    }
}
