extension Session {
    /// A command changed the schema (`.migrate`, once it applied a migration): the panes are
    /// told, so that they compile again with the cause "schema change". Completion needs
    /// nothing: it reads the schema when asked.
    func schemaDidChange() {
        paneBoard.schemaChangedLocally()
    }
}
