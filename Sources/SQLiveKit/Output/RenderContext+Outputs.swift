extension RenderContext {
    /// What renderers need, taken fresh for each result (the terminal may have been resized):
    /// the settings, where results go, the terminal's width when they go to it, and colour.
    init(settings: Settings, outputs: OutputRouter, environment: SessionEnvironment) {
        self.init(settings: settings, output: outputs.results,
                  terminalWidth: outputs.isRedirected ? nil : environment.terminalWidth())
        usesColor = outputs.usesColor
    }
}
