import Foundation

extension Session {
    /// Posted on the session's thread, with the session as `object`, after a command changed
    /// the database schema (`.migrate` once it applied at least one migration).
    ///
    /// Completion needs nothing: it reads the schema when asked. What keeps state derived
    /// from the schema — live panes, whose GRDB observations see row changes but not a table
    /// rebuilt under them — observes this to refetch:
    ///
    ///     NotificationCenter.default.addObserver(
    ///         forName: Session.schemaDidChangeNotification, object: session, queue: nil
    ///     ) { _ in board.refetchAll() }
    public static let schemaDidChangeNotification = Notification.Name("SQLiveSessionSchemaDidChange")

    /// Tells observers of ``schemaDidChangeNotification`` that the schema changed.
    func schemaDidChange() {
        NotificationCenter.default.post(name: Self.schemaDidChangeNotification, object: self)
    }
}
