/// Colour for values on a terminal: bold headers, grey NULLs, cyan numbers, and so on, as
/// ANSI escape sequences around a cell's text. Disabled (writes nothing) unless the
/// session said the output is a colour terminal (``RenderContext/usesColor``).
///
/// A renderer opens a style before a cell's text and closes it after, outside any padding,
/// so column widths stay those of the text:
///
///     let styler = CellStyler(context)
///     styler.open(.of(row.storageClass(at: index)), in: output)
///     row.withText(at: index) { output.append($0) }
///     styler.close(.of(row.storageClass(at: index)), in: output)
public struct CellStyler: Sendable {
    public enum Role: Sendable {
        case header, null, number, text, blob
        /// The bars and sparklines of `.chart`.
        case chart
        /// Notes around a result (`… 12 more rows`).
        case note

        /// The role of a cell by its storage class.
        public static func of(_ storageClass: StorageClass) -> Role {
            switch storageClass {
            case .null: .null
            case .integer, .real: .number
            case .text: .text
            case .blob: .blob
            }
        }

        /// The SGR parameters, or nil for text left as the terminal shows it.
        var parameters: String? {
            switch self {
            case .header: "1"
            case .null: "90"
            case .number: "36"
            case .text: nil
            case .blob: "35"
            case .chart: "34"
            case .note: "2"
            }
        }
    }

    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public init(_ context: RenderContext) {
        self.init(isEnabled: context.usesColor)
    }

    public func open(_ role: Role, in output: OutputBuffer) {
        guard isEnabled, let parameters = role.parameters else { return }
        output.appendUnfiltered("\u{1B}[\(parameters)m")
    }

    public func close(_ role: Role, in output: OutputBuffer) {
        guard isEnabled, role.parameters != nil else { return }
        output.appendUnfiltered("\u{1B}[0m")
    }

    /// Appends `text` in the role's style: the text made safe as data is, the style around
    /// it added after, so the escape codes reach the terminal as codes and never as `^[[2m`.
    public func write(_ text: String, as role: Role, to output: OutputBuffer) {
        if !text.isEmpty { open(role, in: output) }
        output.append(text)
        if !text.isEmpty { close(role, in: output) }
    }

    /// `text` wrapped in the role's style (unchanged when disabled), for a renderer that
    /// composes a whole line of text it has already made visible (`.chart`) and appends it
    /// with ``OutputBuffer/appendUnfiltered(_:)``. Never append the result with `append`:
    /// the codes would be shown as text (``write(_:as:to:)`` is for that).
    public func styled(_ text: String, as role: Role) -> String {
        guard isEnabled, let parameters = role.parameters, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }
}
